import { CrownIcon, HistoryIcon } from 'lucide-react';
import type * as React from 'react';
import { PaymentHistory } from '#/features/payments';

/**
 * Settings > Memberships: the spec's empty states. The club sells no memberships, so 'No active memberships'
 * always shows; the subscription history lists the member's payments for event tickets once there are any.
 */
export function MembershipsSection() {
  return (
    <div className="grid gap-4">
      <EmptyState icon={<CrownIcon aria-hidden="true" className="size-6" />} title="Active memberships" message="No active memberships">
        Memberships you join will show here.
      </EmptyState>
      <PaymentHistory
        empty={
          <EmptyState icon={<HistoryIcon aria-hidden="true" className="size-6" />} title="Subscription history" message="No subscription history">
            Past subscriptions and payments will show here.
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
