import type * as React from 'react';
import { AlertTriangleIcon, CheckCircle2Icon, CircleDollarSignIcon, ClockIcon, ExternalLinkIcon } from 'lucide-react';
import { DEFAULT_PAYOUT_COUNTRY, PAYMENT_MESSAGES, type PayoutAccountView, type PayoutState } from '@bayclub/shared';
import { RetryButton } from '#/components/retry-button';
import { Button } from '#/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#/components/ui/card';
import { Skeleton } from '#/components/ui/skeleton';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage, isApiError } from '#/lib/api';
import { useSharedText, useT, type Translate } from '#/lib/i18n';
import { usePayoutAccountQuery } from './api';
import { catalog } from './i18n';
import { PAYOUT_COUNTRY_LABELS } from './money';
import { PayoutSetupForm } from './payout-setup-form';
import { StatusPill, type PillTone } from './status-pill';
import { usePayoutDashboard, usePayoutSetup } from './use-payout-actions';
import { usePayoutReturn } from './use-payout-return';

/** Each state's badge (its label a catalogue id). */
const STATE_BADGE: Record<PayoutState, { label: string; tone: PillTone; icon: React.ReactNode } | undefined> = {
  none: undefined,
  incomplete: { label: 'payments.setup.state.incomplete', tone: 'warning', icon: <ClockIcon aria-hidden="true" /> },
  enabled: { label: 'payments.payout.ready', tone: 'success', icon: <CheckCircle2Icon aria-hidden="true" /> },
  restricted: { label: 'payments.setup.state.restricted', tone: 'danger', icon: <AlertTriangleIcon aria-hidden="true" /> },
};

/** What each state says under the title (two are the shared payment messages, through `s`). */
function stateText(state: PayoutState, t: Translate, s: (text: string) => string): string {
  switch (state) {
    case 'none':
      return t('payments.setup.state.noneText');
    case 'incomplete':
      return s(PAYMENT_MESSAGES.continueSetup);
    case 'enabled':
      return s(PAYMENT_MESSAGES.accountReady);
    case 'restricted':
      return t('payments.setup.state.restrictedText');
  }
}

/**
 * Settings → Earnings' Payment Setup (spec 2, 4, 7, 8): the member's payout account through Stripe Connect, in
 * one of its four states, with what moves it on: set up, continue, update details, or open the Stripe dashboard.
 */
export function PaymentSetupCard({ email }: { email: string | null }) {
  const t = useT(catalog);
  const s = useSharedText();
  const checking = usePayoutReturn();
  const query = usePayoutAccountQuery();
  const account = query.data;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h3" className="flex items-center gap-2">
          <CircleDollarSignIcon aria-hidden="true" className="size-5 text-primary" /> {t('payments.setup.title')}
        </CardTitle>
        {account && <CardDescription>{stateText(account.state, t, s)}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">
        {checking && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> {t('payments.setup.checking')}
          </p>
        )}
        {query.isPending ? (
          <div role="status" aria-label={t('payments.setup.loading')} className="grid gap-3">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-36" />
          </div>
        ) : query.isError && isApiError(query.error) && query.error.isForbidden ? (
          // Applicants and deactivated members have no payouts to set up: the server says why.
          <p className="text-sm text-muted-foreground">{query.error.message}</p>
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>{t('payments.setup.loadError', { error: errorMessage(query.error) })}</p>
            <RetryButton size="sm" onClick={() => void query.refetch()} />
          </div>
        ) : (
          <AccountState account={query.data} email={email} />
        )}
      </CardContent>
    </Card>
  );
}

function AccountState({ account, email }: { account: PayoutAccountView; email: string | null }) {
  const t = useT(catalog);
  const setup = usePayoutSetup();
  const dashboard = usePayoutDashboard();
  const badge = STATE_BADGE[account.state];
  // Continue Setup and Update Details mint a fresh onboarding link: the account's country cannot change.
  const again = () => setup.start({ email: email ?? '', country: account.country ?? DEFAULT_PAYOUT_COUNTRY });

  if (account.state === 'none') return <PayoutSetupForm email={email} pending={setup.pending} onStart={setup.start} />;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">{t('payments.setup.status')}</span>
        {badge && (
          <StatusPill tone={badge.tone} icon={badge.icon}>
            {t(badge.label)}
          </StatusPill>
        )}
        {account.country && (
          <span className="text-muted-foreground">
            {t(PAYOUT_COUNTRY_LABELS[account.country])}
            {account.currency && ` · ${account.currency.toUpperCase()}`}
          </span>
        )}
      </div>
      {account.requirementsDue.length > 0 && <Requirements items={account.requirementsDue} />}
      {account.state === 'enabled' ? (
        <ActionButton pending={dashboard.pending} onClick={dashboard.open} label={t('payments.setup.openDashboard')} newTab />
      ) : (
        <ActionButton
          pending={setup.pending}
          onClick={again}
          label={account.state === 'restricted' ? t('payments.setup.updateDetails') : t('payments.setup.continue')}
          newTab
        />
      )}
    </div>
  );
}

function Requirements({ items }: { items: string[] }) {
  const t = useT(catalog);
  return (
    <section aria-label={t('payments.setup.needsLabel')} className="grid gap-1 rounded-md border bg-muted/40 px-3 py-2 text-sm">
      <p className="font-medium">{t('payments.setup.needs')}</p>
      <ul className="list-disc pl-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

function ActionButton({ pending, onClick, label, newTab }: { pending: boolean; onClick: () => void; label: string; newTab?: boolean }) {
  return (
    <Button type="button" disabled={pending} onClick={onClick} className="justify-self-start">
      {pending ? <Spinner /> : newTab && <ExternalLinkIcon aria-hidden="true" />}
      {label}
    </Button>
  );
}
