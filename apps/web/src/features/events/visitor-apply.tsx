import { Link } from 'react-router';
import { EVENT_MESSAGES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** Visitors: public events only; RSVP and who is going need membership. */
export function VisitorApply() {
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4">
      <p className="text-sm">{s(EVENT_MESSAGES.visitorApply)}</p>
      <Button asChild size="sm">
        <Link to="/#apply">{t('events.visitor.apply')}</Link>
      </Button>
    </div>
  );
}
