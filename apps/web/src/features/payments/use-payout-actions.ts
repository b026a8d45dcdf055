import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { PAYMENT_MESSAGES, type PayoutSetupInput } from '@bayclub/shared';
import { isApiError } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { refetchPayoutAccount, usePayoutDashboardMutation, usePayoutSetupMutation } from './api';
import { openPendingTab } from './browser';
import { catalog } from './i18n';

/** Spec 9: the payout status is read again this long after the onboarding tab opened. */
export const PAYOUT_REFETCH_MS = 3000;

/** Spec 8's payout toasts, word for word (catalogue ids). */
export const PAYOUT_TOASTS = {
  ready: 'payments.payout.ready',
  opening: 'payments.payout.opening',
  setupFailed: 'payments.payout.setupFailed',
  dashboardError: 'payments.payout.dashboardError',
} as const;

/** What the server said, or the spec's fallback (a network failure has no words of the server's). */
const serverMessage = (error: unknown, fallback: string) => (isApiError(error) && !error.isNetwork && error.message) || fallback;

/**
 * Payout setup (spec 7): Set Up Payments, Continue Setup and Update Details all send the email and country and
 * answer with an error, an account already complete, or Stripe's onboarding link, opened in a new tab; the status
 * is read again 3000 ms later. `onFailure` gets a failed request (e.g. to put field errors on the form).
 */
export function usePayoutSetup() {
  const t = useT(catalog);
  const s = useSharedText();
  const queryClient = useQueryClient();
  const setup = usePayoutSetupMutation();
  const start = (input: PayoutSetupInput, onFailure?: (error: unknown) => void) => {
    // Opened now, in the click: after the server's answer the browser would take it for a popup.
    const tab = openPendingTab();
    setup.mutate(input, {
      onSuccess: (result) => {
        if (result.error) {
          tab.close();
          toast.error(t(PAYOUT_TOASTS.setupFailed), { description: result.error || s(PAYMENT_MESSAGES.setupFailed) });
        } else if (result.isComplete) {
          tab.close();
          toast.success(t(PAYOUT_TOASTS.ready), { description: result.message });
          void refetchPayoutAccount(queryClient);
        } else if (result.onboardingUrl) {
          toast(t(PAYOUT_TOASTS.opening), { description: result.message });
          tab.go(result.onboardingUrl);
          window.setTimeout(() => void refetchPayoutAccount(queryClient), PAYOUT_REFETCH_MS);
        } else {
          tab.close();
          toast.error(t(PAYOUT_TOASTS.setupFailed), { description: s(PAYMENT_MESSAGES.setupFailed) });
        }
      },
      onError: (error) => {
        tab.close();
        onFailure?.(error);
        toast.error(t(PAYOUT_TOASTS.setupFailed), { description: serverMessage(error, s(PAYMENT_MESSAGES.setupFailed)) });
      },
    });
  };
  return { start, pending: setup.isPending };
}

/** Open Dashboard (spec 7): the member's Stripe Express dashboard in a new tab. */
export function usePayoutDashboard() {
  const t = useT(catalog);
  const s = useSharedText();
  const dashboard = usePayoutDashboardMutation();
  const open = () => {
    const tab = openPendingTab();
    const fail = (description: string) => {
      tab.close();
      toast.error(t(PAYOUT_TOASTS.dashboardError), { description });
    };
    dashboard.mutate(undefined, {
      onSuccess: (result) => {
        if (result.error || !result.dashboardUrl) fail(result.error || s(PAYMENT_MESSAGES.dashboardFailed));
        else tab.go(result.dashboardUrl);
      },
      onError: (error) => fail(serverMessage(error, s(PAYMENT_MESSAGES.dashboardFailed))),
    });
  };
  return { open, pending: dashboard.isPending };
}
