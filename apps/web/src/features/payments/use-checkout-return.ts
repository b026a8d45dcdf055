import * as React from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { EventView } from '@bayclub/shared';
import { errorMessage } from '#/lib/api';
import { useT } from '#/lib/i18n';
import { useConfirmCheckoutMutation } from './api';
import { catalog } from './i18n';
import { timeUntil } from './money';

const CHECKOUT_PARAM = 'checkout';
const SESSION_PARAM = 'session_id';

/**
 * Back on the event's page from Checkout: `?checkout=success&session_id=cs_...` confirms the payment (the ticket
 * shows without waiting for Stripe's webhook); `?checkout=cancelled` says how long the seats stay held. Either way
 * the parameters then leave the address, so a reload or Back does not do it again.
 */
export function useCheckoutReturn(event: EventView) {
  const t = useT(catalog);
  const [params, setParams] = useSearchParams();
  const outcome = params.get(CHECKOUT_PARAM);
  const sessionId = params.get(SESSION_PARAM);
  const { mutate } = useConfirmCheckoutMutation(event.id);
  const handled = React.useRef<string | null>(null);
  const hold = event.mine?.hold ?? null;
  const heldUntil = hold ? timeUntil(hold.expiresAt, event.timeZone) : null;

  React.useEffect(() => {
    const key = `${outcome}:${sessionId}`;
    if (!outcome || handled.current === key) return;
    handled.current = key;
    const clear = () =>
      setParams(
        (next) => {
          next.delete(CHECKOUT_PARAM);
          next.delete(SESSION_PARAM);
          return next;
        },
        { replace: true },
      );
    if (outcome === 'success' && sessionId) {
      mutate(sessionId, {
        onSuccess: () => toast.success(t('payments.checkout.confirmed')),
        onError: (error) => toast.error(t('payments.checkout.confirmFailed'), { description: errorMessage(error) }),
        onSettled: clear,
      });
      return;
    }
    if (outcome === 'cancelled' && heldUntil) toast(t('payments.checkout.cancelled', { until: heldUntil }));
    clear();
  }, [outcome, sessionId, heldUntil, mutate, setParams, t]);
}
