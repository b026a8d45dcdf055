import { CrownIcon, HistoryIcon } from 'lucide-react';
import type * as React from 'react';
import { PaymentHistory } from '#/features/payments';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/**
 * Settings > Memberships: the spec's empty states. The club sells no memberships, so 'No active memberships'
 * always shows; the subscription history lists the member's payments for event tickets once there are any.
 */
export function MembershipsSection() {
  const t = useT(catalog);
  return (
    <div className="grid gap-4">
      <EmptyState
        icon={<CrownIcon aria-hidden="true" className="size-6" />}
        title={t('settings.memberships.activeTitle')}
        message={t('settings.memberships.activeEmpty')}
      >
        {t('settings.memberships.activeHint')}
      </EmptyState>
      <PaymentHistory
        empty={
          <EmptyState
            icon={<HistoryIcon aria-hidden="true" className="size-6" />}
            title={t('settings.memberships.historyTitle')}
            message={t('settings.memberships.historyEmpty')}
          >
            {t('settings.memberships.historyHint')}
          </EmptyState>
        }
      />
    </div>
  );
}

function EmptyState({ icon, title, message, children }: { icon: React.ReactNode; title: string; message: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="grid justify-items-center gap-2 rounded-lg border border-dashed p-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">{icon}</span>
      <h3 className="font-medium">{message}</h3>
      <p className="text-sm text-muted-foreground">{children}</p>
    </section>
  );
}
