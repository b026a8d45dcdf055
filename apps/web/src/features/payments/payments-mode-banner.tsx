import { FlaskConicalIcon } from 'lucide-react';
import type { PaymentsModeView } from '@bayclub/shared';
import { useT } from '#/lib/i18n';
import { usePaymentsModeQuery } from './api';
import { catalog } from './i18n';

/** What each mode says (catalogue ids); nothing when live. */
const MODE_TEXT: Record<PaymentsModeView['mode'], string | null> = {
  local: 'payments.mode.local',
  test: 'payments.mode.test',
  live: null,
};

/** The admin area's note that payments are not live (the local double, or Stripe's test keys). Nothing when live. */
export function PaymentsModeBanner() {
  const t = useT(catalog);
  const mode = usePaymentsModeQuery().data?.mode;
  const text = mode ? MODE_TEXT[mode] : null;
  if (!text) return null;
  return (
    <p role="status" className="flex items-start gap-2 rounded-lg border border-warning/50 bg-warning/10 px-4 py-3 text-sm text-foreground">
      <FlaskConicalIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      {t(text)}
    </p>
  );
}
