import { REFUND_REASON_LABELS, type Currency, type PayoutCountry, type RefundView } from '@bayclub/shared';
import { formatDay } from '#/lib/format';
import { intlLocale, sharedText, t, localMoney } from '#/lib/i18n';

/** Payout countries of spec 3 (US the default), as the setup form names them (catalogue ids). */
export const PAYOUT_COUNTRY_LABELS: Record<PayoutCountry, string> = {
  US: 'payments.country.us',
  CA: 'payments.country.ca',
  GB: 'payments.country.gb',
  AU: 'payments.country.au',
  FR: 'payments.country.fr',
  DE: 'payments.country.de',
  IT: 'payments.country.it',
  ES: 'payments.country.es',
  NL: 'payments.country.nl',
};

const MONEY_TEXT = /^(\d{1,9})(?:\.(\d{0,2}))?$/;

/**
 * A price typed in major units ("25", "25.5", "25.50", "1,000") as minor units (2550). Empty is free (null);
 * anything else is NaN, so the shared schema answers with its own message. No floats: "0.29" is 29, not 28.999.
 */
export function parseMoneyInput(text: string): number | null {
  const clean = text.replace(/[\s,]/g, '');
  if (clean === '') return null;
  const match = MONEY_TEXT.exec(clean);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Minor units as the price input shows them: 2500 as "25", 2550 as "25.50"; null (free) as "". */
export function moneyInputText(amount: number | null | undefined): string {
  if (amount == null || !Number.isFinite(amount)) return '';
  const whole = Math.floor(amount / 100);
  const cents = amount % 100;
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0')}`;
}

// The texts below are in the page's language: they are called while a component of this feature renders (it has
// loaded the payments catalogue with useT, and the shared texts with useSharedText).

/** "2 seats", "1 seat". */
export const seatsText = (n: number) => t('payments.seats', { count: n });

/** What became of a refund, in the words of the payments list and the event page. */
export function refundLine(refund: RefundView, currency: Currency): string {
  switch (refund.state) {
    case 'succeeded': {
      const values = { amount: localMoney(refund.amount, currency), reason: sharedText(REFUND_REASON_LABELS[refund.reason]) };
      return refund.at
        ? t('payments.refund.succeededOn', { ...values, date: formatDay(refund.at) })
        : t('payments.refund.succeeded', values);
    }
    case 'pending':
      return t('payments.refund.pending');
    case 'on_resale':
      return t('payments.refund.onResale');
    case 'failed':
      return t('payments.refund.failed');
  }
}

/**
 * An instant in the event's zone: "3:45 PM" today (there), "Sat, Mar 14, 3:45 PM" another day. Holds last minutes,
 * claim windows hours: the day matters only for the second.
 */
export function timeUntil(iso: string, timeZone: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const locale = intlLocale();
  const day = (d: Date) => new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).format(d);
  const options: Intl.DateTimeFormatOptions =
    day(at) === day(now)
      ? { timeZone, hour: 'numeric', minute: '2-digit' }
      : { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
  return new Intl.DateTimeFormat(locale, options).format(at);
}

/** "Mar 13, 2026, 7:00 PM" in the event's zone (when refunds closed). */
export const dateTimeIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(intlLocale(), { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
