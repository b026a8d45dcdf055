import * as React from 'react';
import { EllipsisIcon, FlagIcon, OctagonXIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#/components/ui/dropdown-menu';
import { cn } from '#/lib/utils';
import { OnceOpened } from '#/components/once-opened';
import { lazyNamed } from '#/lib/lazy-named';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

// Blocking and reporting are rare: their dialogs (the report form with its schema) load when first opened.
const BlockMemberDialog = lazyNamed(() => import('./block-member-dialog'), 'BlockMemberDialog');
const ReportMemberDialog = lazyNamed(() => import('./report-member-dialog'), 'ReportMemberDialog');

export interface MemberSafetyActionsProps {
  userId: string;
  /** The member's display name, for the menu's accessible name and the dialogs. */
  name: string;
  /** Set when reporting from a chat, so moderators see where it happened. */
  conversationId?: string;
  /** A single message being reported (with conversationId). */
  messageId?: string;
  /** Called after the block succeeded (the member becomes a 404 to the caller: leave their page). */
  onBlocked?: () => void;
  /** More menu items shown above Block and Report (e.g. Unmatch on a connection row). */
  extraItems?: React.ReactNode;
  /** The menu button, for dialogs opened from `extraItems` to give focus back to. */
  triggerRef?: React.RefObject<HTMLButtonElement | null>;
  className?: string;
}

type Open = 'block' | 'report' | null;

/** The '...' menu beside another member: Block (asks first) and Report. Used on profiles, lists and chats. */
export function MemberSafetyActions({
  userId,
  name,
  conversationId,
  messageId,
  onBlocked,
  extraItems,
  triggerRef: givenTriggerRef,
  className,
}: MemberSafetyActionsProps) {
  const [open, setOpen] = React.useState<Open>(null);
  const t = useT(catalog);
  const ownTriggerRef = React.useRef<HTMLButtonElement>(null);
  const triggerRef = givenTriggerRef ?? ownTriggerRef;
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
          <Button ref={triggerRef} variant="outline" size="icon" className={cn(className)} aria-label={t('safety.menu.label', { name })}>
            <EllipsisIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-48">
          {extraItems && (
            <>
              {extraItems}
              <DropdownMenuSeparator />
            </>
          )}
          <DropdownMenuItem onSelect={() => setOpen('report')}>
            <FlagIcon aria-hidden="true" />
            {t('safety.menu.report')}
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={() => setOpen('block')}>
            <OctagonXIcon aria-hidden="true" />
            {t('safety.menu.block')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <OnceOpened open={open === 'block'}>
        <BlockMemberDialog
          userId={userId}
          name={name}
          open={open === 'block'}
          onOpenChange={close}
          onBlocked={onBlocked}
          onCloseAutoFocus={returnFocus}
        />
      </OnceOpened>
      <OnceOpened open={open === 'report'}>
        <ReportMemberDialog
          userId={userId}
          name={name}
          conversationId={conversationId}
          messageId={messageId}
          open={open === 'report'}
          onOpenChange={close}
          onCloseAutoFocus={returnFocus}
        />
      </OnceOpened>
    </>
  );
}
