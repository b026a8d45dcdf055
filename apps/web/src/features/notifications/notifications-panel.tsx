import { useNavigate } from 'react-router';
import { BellIcon, CheckCheckIcon } from 'lucide-react';
import { NOTIFICATION_MESSAGES, type NotificationView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Sheet, SheetContent, SheetFooter, SheetHeader, SheetTitle } from '#/components/ui/sheet';
import { PushToggle } from '#/features/push';
import { useSharedText } from '#/lib/i18n';
import { useMarkReadMutation, useNotificationListQuery, useUnreadNotificationCount } from './api';
import { NotificationList } from './notification-list';
import { MailPreferences } from './mail-preferences';

interface NotificationsPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close when the panel was opened from something that is gone (a menu item). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Spec 2: the notifications panel, a side sheet (full width on phones). Clicking a notification marks it read and
 * opens where it leads (a message notification: its chat); the footer holds the push switch and the mail choices.
 */
export function NotificationsPanel({ open, onOpenChange, onCloseAutoFocus }: NotificationsPanelProps) {
  const navigate = useNavigate();
  const markRead = useMarkReadMutation();
  const s = useSharedText();

  const handleOpen = (notification: NotificationView) => {
    if (notification.readAt === null) markRead.mutate([notification.id]);
    if (notification.href) {
      onOpenChange(false);
      void navigate(notification.href);
    }
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="w-full gap-0 sm:max-w-md"
        aria-describedby={undefined}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <SheetHeader className="flex-row items-center justify-between gap-2 border-b pr-12">
          <SheetTitle className="flex items-center gap-2 text-lg">
            <BellIcon aria-hidden="true" className="size-5 text-primary" />
            {s(NOTIFICATION_MESSAGES.title)}
          </SheetTitle>
          <MarkAllReadButton />
        </SheetHeader>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <NotificationList onOpen={handleOpen} />
        </div>
        <SheetFooter className="mt-0 max-h-[50%] overflow-y-auto border-t pb-[calc(1rem+env(safe-area-inset-bottom))]">
          <PushToggle />
          <MailPreferences />
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}

/** Enabled while anything is unread, by the server's count or by the rows on screen (the socket may lag either). */
function MarkAllReadButton() {
  const unread = useUnreadNotificationCount();
  const list = useNotificationListQuery();
  const markRead = useMarkReadMutation();
  const s = useSharedText();
  const anyUnreadRow = list.data?.pages.some((page) => page.items.some((item) => item.readAt === null)) ?? false;

  return (
    <Button variant="ghost" size="sm" disabled={unread === 0 && !anyUnreadRow} onClick={() => markRead.mutate(undefined)}>
      <CheckCheckIcon aria-hidden="true" />
      {s(NOTIFICATION_MESSAGES.markAllRead)}
    </Button>
  );
}
