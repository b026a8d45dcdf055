import { FlaskConicalIcon } from 'lucide-react';
import type { PaymentsModeView } from '@bayclub/shared';
import { usePaymentsModeQuery } from './api';

const MODE_TEXT: Record<PaymentsModeView['mode'], string | null> = {
  local: 'Payments are in local test mode: no real money moves. Set STRIPE_SECRET_KEY to go live.',
  test: 'Payments use Stripe test mode.',
  live: null,
};

/** The admin area's note that payments are not live (the local double, or Stripe's test keys). Nothing when live. */
export function PaymentsModeBanner() {
  const mode = usePaymentsModeQuery().data?.mode;
  const text = mode ? MODE_TEXT[mode] : null;
  if (!text) return null;
  return (
    <p role="status" className="flex items-start gap-2 rounded-lg border border-warning/50 bg-warning/10 px-4 py-3 text-sm text-foreground">
      <FlaskConicalIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      {text}
    </p>
  );
}
