import * as React from 'react';
import { toast } from 'sonner';
import { EVENT_MESSAGES, type EventView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT, localMoney } from '#/lib/i18n';
import { useCancelTicketMutation, useCheckoutMutation } from './api';
import { pageNavigation } from './browser';
import { catalog } from './i18n';
import { timeUntil } from './money';

/**
 * Checkout for the party (1 + guests): the browser goes to Checkout's page (Stripe's, or the local double's), or
 * the member joins the waitlist when the seats do not fit. A refusal (403 without the paid-events flag, 409) says
 * why. The button stays busy while the browser leaves.
 */
function useStartCheckout(eventId: string) {
  const t = useT(catalog);
  const checkout = useCheckoutMutation(eventId);
  const [leaving, setLeaving] = React.useState(false);
  const [refusal, setRefusal] = React.useState<string | null>(null);
  // Back from Checkout through the browser's page cache: the page is as it was left, busy; it is not.
  React.useEffect(() => {
    const shown = (event: PageTransitionEvent) => event.persisted && setLeaving(false);
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);
  const start = (guests: number) => {
    setRefusal(null);
    // mutateAsync: joining the waitlist refetches the event, which swaps these controls for the waitlist's, and
    // TanStack Query drops the callbacks of a mutate() whose component is gone (the toast would never show).
    checkout.mutateAsync({ guests }).then(
      (result) => {
        if (result.outcome === 'checkout' && result.checkoutUrl) {
          setLeaving(true);
          pageNavigation.assign(result.checkoutUrl);
        } else if (result.outcome === 'waitlisted') {
          toast(t('payments.checkout.waitlisted'), { description: t('payments.checkout.waitlistedDescription') });
        }
      },
      (error: unknown) => {
        const message = errorMessage(error);
        setRefusal(message);
        toast.error(t('payments.checkout.failed'), { description: message });
      },
    );
  };
  return { start, busy: checkout.isPending || leaving, refusal };
}

/** What the party pays: the price per seat, guests the same. */
export const partyPrice = (event: EventView, guests: number) =>
  event.paid ? localMoney(event.paid.amount * (1 + guests), event.paid.currency) : '';

interface GetTicketProps {
  event: EventView;
  guests: number;
  /** The party fits in the seats left; otherwise the button joins the waitlist (nothing is paid until a seat is offered). */
  fits: boolean;
  size?: 'sm';
  /** Say a refusal under the button too (the panel; the phone's bar has no room and relies on the toast). */
  showRefusal?: boolean;
}

/** "Get ticket · $25.00" for a paid event (or Join waitlist when the party does not fit). */
export function GetTicketButton({ event, guests, fits, size, showRefusal = false }: GetTicketProps) {
  const t = useT(catalog);
  const s = useSharedText();
  const { start, busy, refusal } = useStartCheckout(event.id);
  return (
    <>
      <Button size={size} disabled={busy} onClick={() => start(guests)}>
        {busy && <Spinner />}
        {fits ? t('payments.checkout.getTicket', { price: partyPrice(event, guests) }) : s(EVENT_MESSAGES.joinWaitlist)}
      </Button>
      {showRefusal && <Refusal message={refusal} />}
    </>
  );
}

function Refusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="basis-full text-sm text-destructive">
      {message}
    </p>
  );
}

/** Pay now from the phone's bar: back to Checkout for the seats held. */
export function PayNowButton({ event, size }: { event: EventView; size?: 'sm' }) {
  const t = useT(catalog);
  const { start, busy } = useStartCheckout(event.id);
  return (
    <Button size={size} disabled={busy} onClick={() => start(event.mine?.guests ?? 0)}>
      {busy && <Spinner />}
      {t('payments.checkout.payNow')}
    </Button>
  );
}

/**
 * Seats held while the member pays (status awaiting_payment): Pay now goes back to Checkout (the same session or
 * a new one); Release seats gives them back. A waitlist claim offer says its deadline and offers Decline instead.
 */
export function PaymentDue({ event, onDecline, declining }: { event: EventView; onDecline: () => void; declining: boolean }) {
  const t = useT(catalog);
  const { start, busy, refusal } = useStartCheckout(event.id);
  const release = useCancelTicketMutation(event.id);
  const mine = event.mine;
  const hold = mine?.hold ?? null;
  const until = hold ? timeUntil(hold.expiresAt, event.timeZone) : null;
  const guests = mine?.guests ?? 0;
  // mutateAsync: these controls are gone once the event is refetched (see TicketPayment's cancel).
  const handleRelease = () =>
    release.mutateAsync().then(
      () => toast.success(t('payments.checkout.released')),
      (error: unknown) => toast.error(t('payments.checkout.releaseFailed'), { description: errorMessage(error) }),
    );
  const payNow = (
    <Button disabled={busy || release.isPending || declining} onClick={() => start(guests)}>
      {busy && <Spinner />}
      {t('payments.checkout.payNow')}
    </Button>
  );

  if (hold?.kind === 'claim') {
    return (
      <div className="grid gap-3 rounded-lg border border-primary/50 bg-primary/10 p-3">
        <p className="text-sm font-medium">
          {t('payments.checkout.claim', { until: until ?? '' })}
        </p>
        <div className="flex flex-wrap gap-2">
          {payNow}
          <Button variant="outline" disabled={busy || declining} onClick={onDecline}>
            {declining && <Spinner />}
            {t('payments.checkout.decline')}
          </Button>
          <Refusal message={refusal} />
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm">{until ? t('payments.checkout.heldUntil', { until }) : t('payments.checkout.held')}</p>
      <div className="flex flex-wrap gap-2">
        {payNow}
        <Button variant="outline" disabled={busy || release.isPending} onClick={handleRelease}>
          {release.isPending && <Spinner />}
          {t('payments.checkout.release')}
        </Button>
        <Refusal message={refusal} />
      </div>
    </div>
  );
}
