import * as React from 'react';
import { EllipsisIcon, FlagIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#/components/ui/dropdown-menu';
import { OnceOpened } from '#/components/once-opened';
import { lazyNamed } from '#/lib/lazy-named';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

// Deleting and reporting are rare: their dialogs (the report form with its schema) load when first opened.
const ConfirmDeleteDialog = lazyNamed(() => import('./content-dialogs'), 'ConfirmDeleteDialog');
const ReportContentDialog = lazyNamed(() => import('./content-dialogs'), 'ReportContentDialog');

export interface ContentMenuProps {
  /** The menu button's accessible name, e.g. 'More actions for the post by Ana'. */
  label: string;
  onEdit?: () => void;
  /** Delete, asked first. */
  remove?: { title: string; description: string; onConfirm: () => void };
  /** Report (someone else's post or comment). */
  report?: { kind: 'post' | 'comment'; id: string };
}

type Open = 'delete' | 'report' | null;

/** The '...' menu of a post or comment: Edit (own), Delete (own, or moderators), Report (others'). */
export function ContentMenu({ label, onEdit, remove, report }: ContentMenuProps) {
  const [open, setOpen] = React.useState<Open>(null);
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  const t = useT(catalog);
  if (!onEdit && !remove && !report) return null;
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  // Dialogs opened from a menu have no trigger of their own: focus goes back to the menu button.
  const returnFocus = (event: Event) => {
    event.preventDefault();
    triggerRef.current?.focus();
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={triggerRef} variant="ghost" size="icon" className="size-8 shrink-0" aria-label={label}>
            <EllipsisIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-40">
          {onEdit && (
            <DropdownMenuItem onSelect={onEdit}>
              <PencilIcon aria-hidden="true" />
              {t('posts.menu.edit')}
            </DropdownMenuItem>
          )}
          {remove && (
            <DropdownMenuItem variant="destructive" onSelect={() => setOpen('delete')}>
              <Trash2Icon aria-hidden="true" />
              {t('posts.menu.delete')}
            </DropdownMenuItem>
          )}
          {report && (
            <DropdownMenuItem onSelect={() => setOpen('report')}>
              <FlagIcon aria-hidden="true" />
              {t('posts.menu.report')}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {remove && (
        <OnceOpened open={open === 'delete'}>
          <ConfirmDeleteDialog
            open={open === 'delete'}
            onOpenChange={close}
            title={remove.title}
            description={remove.description}
            onConfirm={remove.onConfirm}
            onCloseAutoFocus={returnFocus}
          />
        </OnceOpened>
      )}
      {report && (
        <OnceOpened open={open === 'report'}>
          <ReportContentDialog target={report} open={open === 'report'} onOpenChange={close} onCloseAutoFocus={returnFocus} />
        </OnceOpened>
      )}
    </>
  );
}
