import * as React from 'react';
import { toast } from 'sonner';
import { type EventView } from '@bayclub/shared';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT, localMoney } from '#/lib/i18n';
import { useCancelTicketMutation, useEventPaymentQuery } from './api';
import { partyPrice } from './checkout-actions';
import { catalog } from './i18n';
import { dateTimeIn, refundLine, seatsText } from './money';

/**
 * A paid ticket's money: "Paid $50.00 for 2 seats", and Cancel ticket, whose confirmation says what happens: a full
 * refund before the refund cut-off, after it the seats go back on sale and are refunded once someone buys them.
 */
export function PaidTicketActions({ event }: { event: EventView }) {
  const t = useT(catalog);
  const payment = useEventPaymentQuery(event.id).data ?? null;
  const cancel = useCancelTicketMutation(event.id);
  const [confirming, setConfirming] = React.useState(false);
  const paid = event.paid;
  if (!paid) return null;
  const amount = payment ? localMoney(payment.amount, payment.currency) : partyPrice(event, event.mine?.guests ?? 0);
  const refundable = Date.now() < Date.parse(paid.refundsUntil);
  const description = refundable
    ? t('payments.ticket.refundFull', { amount })
    : t('payments.ticket.refundsClosed', { date: dateTimeIn(paid.refundsUntil, event.timeZone) });

  // mutateAsync, not mutate's callbacks: the refetched event unmounts these controls (not going any more), and
  // TanStack Query drops the callbacks of a mutate() whose component is gone, so the toast would never show.
  const handleCancel = () =>
    cancel.mutateAsync().then(
      ({ refund }) => {
        if (refund === 'refunded') toast.success(t('payments.ticket.refunded', { amount }));
        else if (refund === 'on_resale') toast.success(t('payments.ticket.onResale'));
        else toast.success(t('payments.ticket.cancelled'));
      },
      (error: unknown) => toast.error(t('payments.ticket.cancelFailed'), { description: errorMessage(error) }),
    );

  return (
    <div className="grid gap-3">
      {payment?.status === 'paid' && (
        <p className="text-sm font-medium">
          {t('payments.ticket.paid', { amount: localMoney(payment.amount, payment.currency), seats: seatsText(payment.seats) })}
        </p>
      )}
      <div>
        <Button variant="outline" disabled={cancel.isPending} onClick={() => setConfirming(true)}>
          {cancel.isPending && <Spinner />}
          {t('payments.ticket.cancel')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('payments.ticket.confirmTitle')}
        description={description}
        confirm={t('payments.ticket.cancel')}
        cancel={t('payments.ticket.keep')}
        destructive
        onConfirm={handleCancel}
      />
    </div>
  );
}

/** After a cancelled ticket (or a cancelled event): what became of the money. Nothing when there was none. */
export function RefundStatus({ event }: { event: EventView }) {
  useT(catalog); // refundLine's texts
  useSharedText(); // and its refund reason
  const payment = useEventPaymentQuery(event.id).data;
  if (!payment?.refund) return null;
  return <p className="text-sm">{refundLine(payment.refund, payment.currency)}</p>;
}
