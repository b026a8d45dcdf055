import type * as React from 'react';
import { Link } from 'react-router';
import { eventPath, type PaymentStatus, type PaymentView } from '@bayclub/shared';
import { CardGrid, ListError } from '#/components/card-grid';
import { LoadMore } from '#/components/load-more';
import { Skeleton } from '#/components/ui/skeleton';
import { itemsOf } from '#/lib/api';
import { formatDay } from '#/lib/format';
import { useSharedText, useT, localMoney } from '#/lib/i18n';
import { usePaymentsQuery } from './api';
import { catalog } from './i18n';
import { refundLine, seatsText } from './money';
import { StatusPill, type PillTone } from './status-pill';

/** Each status's name (a catalogue id) and tone. */
const STATUS: Record<PaymentStatus, { label: string; tone: PillTone }> = {
  paid: { label: 'payments.status.paid', tone: 'success' },
  open: { label: 'payments.status.open', tone: 'warning' },
  expired: { label: 'payments.status.expired', tone: 'neutral' },
};

/**
 * Settings → Memberships' subscription history: the member's payments for event seats, newest first, a page at a
 * time; `empty` (the spec's empty state) while there are none.
 */
export function PaymentHistory({ empty }: { empty: React.ReactNode }) {
  const t = useT(catalog);
  const query = usePaymentsQuery();
  const payments = itemsOf(query.data);
  if (query.isPending) {
    return (
      <div role="status" aria-label={t('payments.history.loading')} className="grid gap-3">
        <Skeleton className="h-20 w-full rounded-lg" />
        <Skeleton className="h-20 w-full rounded-lg" />
      </div>
    );
  }
  if (query.isError && payments.length === 0) return <ListError what={t('payments.history.what')} error={query.error} onRetry={() => void query.refetch()} />;
  if (payments.length === 0) return empty;
  return (
    <section aria-labelledby="subscription-history" className="grid gap-3">
      <h3 id="subscription-history" className="font-medium">
        {t('payments.history.title')}
      </h3>
      <CardGrid label={t('payments.history.label')} items={payments} getKey={(p) => p.id} className="grid gap-3">
        {(p) => <PaymentRow payment={p} />}
      </CardGrid>
      <LoadMore {...query} auto={false} />
    </section>
  );
}

function PaymentRow({ payment }: { payment: PaymentView }) {
  const t = useT(catalog);
  useSharedText(); // refundLine's refund reason
  const status = STATUS[payment.status];
  const date = payment.paidAt ?? payment.createdAt;
  return (
    <article aria-labelledby={`payment-${payment.id}`} className="grid gap-1 rounded-lg border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={`payment-${payment.id}`} className="min-w-0 font-medium break-words">
          <Link to={eventPath(payment.event.id)} className="underline-offset-4 hover:underline">
            {payment.event.title}
          </Link>
        </h4>
        <StatusPill tone={status.tone}>{t(status.label)}</StatusPill>
      </div>
      <p className="text-sm text-muted-foreground">
        <time dateTime={date}>{formatDay(date)}</time> · {seatsText(payment.seats)} ·{' '}
        <span className="font-medium text-foreground">{localMoney(payment.amount, payment.currency)}</span>
      </p>
      {payment.refund && <p className="text-sm">{refundLine(payment.refund, payment.currency)}</p>}
    </article>
  );
}
