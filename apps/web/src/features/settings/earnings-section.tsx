import { PaymentSetupCard } from '#/features/payments';

/** Settings > Earnings: Payment Setup for the member's payout account (spec 2), the payments feature's card. */
export function EarningsSection({ email }: { email: string | null }) {
  return <PaymentSetupCard email={email} />;
}
