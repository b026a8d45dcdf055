import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CancelTicketResult,
  CheckoutInput,
  CheckoutResult,
  EventSalesView,
  PaymentView,
  PaymentsModeView,
  PayoutAccountView,
  PayoutDashboardResult,
  PayoutSetupInput,
  PayoutSetupResult,
  RsvpResult,
} from '@bayclub/shared';
import { api, isApiError } from '#/lib/api';
import { pagedQueryOptions } from '#/lib/paged-query';
import { eventKeys } from '#/features/events/api';

// Money (issue 22, decision 028): the payout account (Settings → Earnings), the member's payments (Memberships),
// paid seats (checkout, confirm, cancel), a host's sales and the admins' payments mode. The events feature shows
// them; every call to the server about money is here.

export const paymentKeys = {
  all: ['payments'] as const,
  payoutAccount: () => [...paymentKeys.all, 'payout-account'] as const,
  list: () => [...paymentKeys.all, 'list'] as const,
  mode: () => [...paymentKeys.all, 'mode'] as const,
  eventPayment: (eventId: string) => [...paymentKeys.all, 'event', eventId] as const,
  eventSales: (eventId: string) => [...paymentKeys.all, 'sales', eventId] as const,
};

const PAYOUT_PATH = '/api/payments/payout-account';
const eventPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}`;

/** GET the member's payout account: state 'none' when there is none (never an error, spec 8's PGRST116). */
export const usePayoutAccountQuery = (enabled = true) =>
  useQuery({
    queryKey: paymentKeys.payoutAccount(),
    queryFn: ({ signal }) => api.get<PayoutAccountView>(PAYOUT_PATH, { signal }),
    // Stripe changes it behind our back (onboarding in another tab): never five minutes old, and read again when
    // the member comes back to this tab from Stripe's (however long onboarding took: spec 9's 3 s are a first look).
    staleTime: 0,
    refetchOnWindowFocus: true,
    enabled,
  });

/** Read the payout account again (spec 7: 3000 ms after the onboarding tab opened). */
export const refetchPayoutAccount = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: paymentKeys.payoutAccount() });

/** POST payout setup (spec 7): creates the account once, then answers a fresh onboarding link each time. */
export function usePayoutSetupMutation() {
  return useMutation({ mutationFn: (input: PayoutSetupInput) => api.post<PayoutSetupResult>(PAYOUT_PATH, { ...input }) });
}

/** POST refresh: back from Stripe's onboarding, ask Stripe for the account's state now (before its webhook). */
export function usePayoutRefreshMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PayoutAccountView>(`${PAYOUT_PATH}/refresh`, {}),
    onSuccess: async (account) => {
      // A read of the account still on its way may predate this answer: this one wins.
      await queryClient.cancelQueries({ queryKey: paymentKeys.payoutAccount() });
      queryClient.setQueryData(paymentKeys.payoutAccount(), account);
    },
  });
}

/** POST dashboard (spec 7): a one-time link to the member's Stripe Express dashboard. */
export function usePayoutDashboardMutation() {
  return useMutation({ mutationFn: () => api.post<PayoutDashboardResult>(`${PAYOUT_PATH}/dashboard`, {}) });
}

/** GET /api/payments: the member's own payments, newest first. */
export const usePaymentsQuery = () => useInfiniteQuery(pagedQueryOptions<PaymentView>(paymentKeys.list(), '/api/payments'));

/** Admins: whether payments run against the local double, Stripe's test mode or live. */
export const usePaymentsModeQuery = () =>
  useQuery({
    queryKey: paymentKeys.mode(),
    queryFn: ({ signal }) => api.get<PaymentsModeView>('/api/payments/mode', { signal }),
    staleTime: Infinity,
  });

/** The caller's latest payment for an event (null: none). */
export const useEventPaymentQuery = (eventId: string, enabled = true) =>
  useQuery({
    queryKey: paymentKeys.eventPayment(eventId),
    queryFn: async ({ signal }) => (await api.get<{ payment: PaymentView | null }>(`${eventPath(eventId)}/payment`, { signal })).payment,
    staleTime: 15_000,
    enabled,
  });

/** A host's money for one event. Anyone else is refused (403): the card then shows nothing. */
export const useEventSalesQuery = (eventId: string, enabled = true) =>
  useQuery({
    queryKey: paymentKeys.eventSales(eventId),
    queryFn: ({ signal }) => api.get<EventSalesView>(`${eventPath(eventId)}/sales`, { signal }),
    staleTime: 30_000,
    enabled,
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status < 500 && error.status > 0),
  });

/** A paid registration changed: the event, its lists, the ticket, this payment and the payments list are read again. */
export function paidSeatChanged(queryClient: QueryClient, eventId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
    queryClient.invalidateQueries({ queryKey: eventKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: eventKeys.ticket(eventId) }),
    queryClient.invalidateQueries({ queryKey: paymentKeys.eventPayment(eventId) }),
    queryClient.invalidateQueries({ queryKey: paymentKeys.eventSales(eventId) }),
    queryClient.invalidateQueries({ queryKey: paymentKeys.list() }),
  ]);
}

/**
 * POST /api/events/:id/checkout: hold the party's seats and answer Checkout's address (the caller sends the
 * browser there), or join the waitlist when they do not fit.
 */
export function useCheckoutMutation(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckoutInput) => api.post<CheckoutResult>(`${eventPath(eventId)}/checkout`, { ...input }),
    onSuccess: (result) => {
      if (result.outcome === 'waitlisted') void paidSeatChanged(queryClient, eventId);
    },
  });
}

/** POST checkout/confirm: back from Checkout with its session id, the seats are confirmed without waiting for the webhook. */
export function useConfirmCheckoutMutation(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.post<RsvpResult>(`${eventPath(eventId)}/checkout/confirm`, { sessionId }),
    onSettled: () => paidSeatChanged(queryClient, eventId),
  });
}

/** POST ticket/cancel: refunded at once before the cut-off, given back for resale after it, or a hold released. */
export function useCancelTicketMutation(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CancelTicketResult>(`${eventPath(eventId)}/ticket/cancel`, {}),
    onSettled: () => paidSeatChanged(queryClient, eventId),
  });
}
