import * as React from 'react';
import { BellIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { CountBadge } from '#/components/count-badge';
import { OnceOpened } from '#/components/once-opened';
import { lazyNamed } from '#/lib/lazy-named';
import { formatBadgeCount } from '#/lib/format';
import { cn } from '#/lib/utils';
import { useT } from '#/lib/i18n';
import { useUnreadNotificationCount } from './api';
import { catalog } from './i18n';

// The panel's code loads the first time the bell opens it (decision 011).
const NotificationsPanel = lazyNamed(() => import('./notifications-panel'), 'NotificationsPanel');

/**
 * The bell that is always in view (issue 21): the side menu's header on desktop, the top bar on phones. Its count
 * is the unread count the socket keeps current; it opens the notifications panel and takes focus back on close.
 */
export function NotificationBell({ className }: { className?: string }) {
  const [open, setOpen] = React.useState(false);
  const bellRef = React.useRef<HTMLButtonElement>(null);
  // The sheet has no Radix trigger, so on its own it would drop focus on <body>: hand it back to the bell.
  const returnFocus = React.useCallback((event: Event) => {
    event.preventDefault();
    bellRef.current?.focus();
  }, []);
  const unread = useUnreadNotificationCount();
  const t = useT(catalog);
  const label = unread > 0 ? t('notifications.bell.unread', { count: formatBadgeCount(unread) }) : t('notifications.bell.label');
  return (
    <>
      <Button
        ref={bellRef}
        variant="ghost"
        size="icon"
        data-testid="notification-bell"
        className={cn('relative', className)}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <BellIcon aria-hidden="true" className="size-5" />
        <CountBadge count={unread} className="absolute top-0.5 right-0.5" />
      </Button>
      <OnceOpened open={open}>
        <NotificationsPanel open={open} onOpenChange={setOpen} onCloseAutoFocus={returnFocus} />
      </OnceOpened>
    </>
  );
}
