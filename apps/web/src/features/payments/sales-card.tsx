import { ExternalLinkIcon } from 'lucide-react';
import { type EventSalesView, type EventView } from '@bayclub/shared';
import { RetryButton } from '#/components/retry-button';
import { Button } from '#/components/ui/button';
import { Skeleton } from '#/components/ui/skeleton';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage, isApiError } from '#/lib/api';
import { useT, localMoney } from '#/lib/i18n';
import { useEventSalesQuery } from './api';
import { catalog } from './i18n';
import { usePayoutDashboard } from './use-payout-actions';

/**
 * A paid event's money for its hosts: seats sold, gross, the club's fees, refunds, net and seats given back for
 * resale, with the way to the Stripe dashboard (payouts live there). Anyone the server refuses sees nothing.
 */
export function SalesCard({ event }: { event: EventView }) {
  const t = useT(catalog);
  const query = useEventSalesQuery(event.id);
  const dashboard = usePayoutDashboard();
  if (query.isError && isApiError(query.error) && query.error.isForbidden) return null;
  const headingId = `sales-${event.id}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('payments.sales.title')}
      </h2>
      {query.isPending ? (
        <div role="status" aria-label={t('payments.sales.loading')} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : query.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p>{t('payments.sales.loadError', { error: errorMessage(query.error) })}</p>
          <RetryButton size="sm" onClick={() => void query.refetch()} />
        </div>
      ) : (
        <SalesFigures sales={query.data} />
      )}
      <Button variant="outline" className="justify-self-start" disabled={dashboard.pending} onClick={dashboard.open}>
        {dashboard.pending ? <Spinner /> : <ExternalLinkIcon aria-hidden="true" />}
        {t('payments.sales.dashboard')}
      </Button>
    </section>
  );
}

function SalesFigures({ sales }: { sales: EventSalesView }) {
  const t = useT(catalog);
  const money = (amount: number) => localMoney(amount, sales.currency);
  // [label id, value]
  const figures: Array<[string, string]> = [
    ['payments.sales.seatsSold', String(sales.seatsSold)],
    ['payments.sales.gross', money(sales.gross)],
    ['payments.sales.fees', money(sales.fees)],
    ['payments.sales.refunds', money(sales.refunds)],
    ['payments.sales.net', money(sales.net)],
    ['payments.sales.onResale', String(sales.seatsOnResale)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {figures.map(([label, value]) => (
        <div key={label} className="grid gap-0.5 rounded-md bg-muted/40 px-3 py-2">
          <dt className="text-xs text-muted-foreground">{t(label)}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
