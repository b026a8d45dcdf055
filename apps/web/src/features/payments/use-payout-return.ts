import * as React from 'react';
import { useSearchParams } from 'react-router';
import { usePayoutRefreshMutation } from './api';

/** The address Stripe's onboarding sends the member back to: `/profile?settings=earnings&payouts=return`. */
export const PAYOUTS_PARAM = 'payouts';
export const SETTINGS_PARAM = 'settings';

/**
 * Back from Stripe's onboarding: ask the server to read the account from Stripe now (its webhook may come later),
 * then take the return's parameters off the address so a reload or Back does not do it again. Answers whether
 * that check is still under way.
 */
export function usePayoutReturn(): boolean {
  const [params, setParams] = useSearchParams();
  const returning = params.get(PAYOUTS_PARAM) === 'return';
  const { mutate, isPending } = usePayoutRefreshMutation();
  const started = React.useRef(false);
  React.useEffect(() => {
    if (!returning || started.current) return;
    started.current = true;
    mutate(undefined, {
      onSettled: () =>
        setParams(
          (next) => {
            next.delete(PAYOUTS_PARAM);
            next.delete(SETTINGS_PARAM);
            return next;
          },
          { replace: true },
        ),
    });
  }, [returning, mutate, setParams]);
  return isPending;
}
