import {
  COUNTRY_CURRENCY,
  PAYOUT_COUNTRIES,
  type Currency,
  type PaymentView,
  type PayoutAccountView,
  type PayoutCountry,
  type PayoutState,
} from '@bayclub/shared';
import type { PayoutAccountRow, PaymentViewRow } from './repository.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Spec 4: none / incomplete (details not submitted) / enabled / restricted (submitted, charges or payouts off). */
export function payoutState(row: Pick<PayoutAccountRow, 'details_submitted' | 'charges_enabled' | 'payouts_enabled'> | null): PayoutState {
  if (!row) return 'none';
  if (!row.details_submitted) return 'incomplete';
  return row.charges_enabled && row.payouts_enabled ? 'enabled' : 'restricted';
}

/** Stripe's requirement paths, most specific first, in the words a member understands. */
const REQUIREMENT_WORDS: Array<[RegExp, string]> = [
  [/^individual\.verification\.(additional_)?document/, 'A photo of your ID'],
  [/^individual\.(first|last)_name$/, 'Your legal name'],
  [/^individual\.dob\./, 'Your date of birth'],
  [/^individual\.address\./, 'Your home address'],
  [/^individual\.(ssn_last_4|id_number)$/, 'Your tax ID number'],
  [/^individual\.(email|phone)$/, 'Your contact details'],
  [/^external_account$/, 'A bank account for payouts'],
  [/^tos_acceptance\./, 'Accepting Stripe’s terms of service'],
  [/^business_profile\./, 'A short description of what you sell'],
  [/^business_type$/, 'Whether you sell as an individual or a business'],
  [/^company\./, 'Your business details'],
  [/^representative\./, 'Details of the person who represents the business'],
];

/** What Stripe still needs, in plain words, each once. */
export function requirementWords(paths: string[]): string[] {
  const words = paths.map((p) => REQUIREMENT_WORDS.find(([re]) => re.test(p))?.[1] ?? 'More details Stripe asks for');
  return [...new Set(words)];
}

const isCountry = (c: string): c is PayoutCountry => (PAYOUT_COUNTRIES as readonly string[]).includes(c);

export function presentPayoutAccount(row: PayoutAccountRow | null): PayoutAccountView {
  const country = row && isCountry(row.country) ? row.country : null;
  const state = payoutState(row);
  return {
    state,
    country,
    currency: country ? COUNTRY_CURRENCY[country] : null,
    chargesEnabled: row?.charges_enabled ?? false,
    payoutsEnabled: row?.payouts_enabled ?? false,
    detailsSubmitted: row?.details_submitted ?? false,
    requirementsDue: state === 'restricted' || state === 'incomplete' ? requirementWords(row?.requirements_due ?? []) : [],
  };
}

export function presentPayment(r: PaymentViewRow): PaymentView {
  return {
    id: r.id,
    event: { id: r.event_id ?? '', title: r.event_title ?? 'A deleted event', startsAt: r.event_starts_at ? iso(r.event_starts_at) : iso(r.created_at) },
    seats: r.seats,
    amount: r.amount,
    currency: r.currency as Currency,
    status: r.status,
    refund:
      r.refund_state && r.refund_reason
        ? {
            // "requested" is ours (not yet sent to Stripe): to the member it is pending like Stripe's own.
            state: r.refund_state === 'requested' ? 'pending' : r.refund_state,
            amount: r.refund_amount ?? r.amount,
            reason: r.refund_reason,
            at: r.refunded_at ? iso(r.refunded_at) : r.refund_requested_at ? iso(r.refund_requested_at) : null,
          }
        : r.refund_state === 'on_resale'
          ? { state: 'on_resale', amount: r.amount, reason: 'resold', at: r.refund_requested_at ? iso(r.refund_requested_at) : null }
          : null,
    createdAt: iso(r.created_at),
    paidAt: r.paid_at ? iso(r.paid_at) : null,
  };
}
