import type * as React from 'react';
import { SearchIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#/components/ui/dialog';

interface SoonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

function SoonDialog({
  title,
  icon: Icon,
  children,
  ...props
}: SoonDialogProps & { title: string; icon: typeof SearchIcon; children: React.ReactNode }) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent onCloseAutoFocus={props.onCloseAutoFocus} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Icon aria-hidden="true" className="size-5 text-primary" />
            {title}
          </DialogTitle>
          <DialogDescription>{children}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Global search arrives in a later issue; the menu entry says so instead of opening an empty overlay. */
export function SearchSoonDialog(props: SoonDialogProps) {
  return (
    <SoonDialog title="Search" icon={SearchIcon} {...props}>
      Searching members, communities, events and posts is coming soon.
    </SoonDialog>
  );
}
