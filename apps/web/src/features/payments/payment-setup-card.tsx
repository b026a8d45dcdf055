import type * as React from 'react';
import { AlertTriangleIcon, CheckCircle2Icon, CircleDollarSignIcon, ClockIcon, ExternalLinkIcon } from 'lucide-react';
import { DEFAULT_PAYOUT_COUNTRY, PAYMENT_MESSAGES, type PayoutAccountView, type PayoutState } from '@bayclub/shared';
import { RetryButton } from '#/components/retry-button';
import { Button } from '#/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#/components/ui/card';
import { Skeleton } from '#/components/ui/skeleton';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage, isApiError } from '#/lib/api';
import { usePayoutAccountQuery } from './api';
import { PAYOUT_COUNTRY_LABELS } from './money';
import { PayoutSetupForm } from './payout-setup-form';
import { StatusPill, type PillTone } from './status-pill';
import { usePayoutDashboard, usePayoutSetup } from './use-payout-actions';
import { usePayoutReturn } from './use-payout-return';

const STATE_COPY: Record<PayoutState, { text: string; badge?: { label: string; tone: PillTone; icon: React.ReactNode } }> = {
  none: { text: 'Set up a payout account to receive earnings from the tickets you sell.' },
  incomplete: {
    text: PAYMENT_MESSAGES.continueSetup,
    badge: { label: 'Setup incomplete', tone: 'warning', icon: <ClockIcon aria-hidden="true" /> },
  },
  enabled: {
    text: PAYMENT_MESSAGES.accountReady,
    badge: { label: 'Account Ready', tone: 'success', icon: <CheckCircle2Icon aria-hidden="true" /> },
  },
  restricted: {
    text: 'Stripe needs more information before payments or payouts can resume.',
    badge: { label: 'Restricted', tone: 'danger', icon: <AlertTriangleIcon aria-hidden="true" /> },
  },
};

/**
 * Settings → Earnings' Payment Setup (spec 2, 4, 7, 8): the member's payout account through Stripe Connect, in
 * one of its four states, with what moves it on: set up, continue, update details, or open the Stripe dashboard.
 */
export function PaymentSetupCard({ email }: { email: string | null }) {
  const checking = usePayoutReturn();
  const query = usePayoutAccountQuery();
  const account = query.data;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h3" className="flex items-center gap-2">
          <CircleDollarSignIcon aria-hidden="true" className="size-5 text-primary" /> Payment Setup
        </CardTitle>
        {account && <CardDescription>{STATE_COPY[account.state].text}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">
        {checking && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Checking your account with Stripe...
          </p>
        )}
        {query.isPending ? (
          <div role="status" aria-label="Loading payment setup" className="grid gap-3">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-36" />
          </div>
        ) : query.isError && isApiError(query.error) && query.error.isForbidden ? (
          // Applicants and deactivated members have no payouts to set up: the server says why.
          <p className="text-sm text-muted-foreground">{query.error.message}</p>
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>Could not load your payout account. {errorMessage(query.error)}</p>
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
  const setup = usePayoutSetup();
  const dashboard = usePayoutDashboard();
  const badge = STATE_COPY[account.state].badge;
  // Continue Setup and Update Details mint a fresh onboarding link: the account's country cannot change.
  const again = () => setup.start({ email: email ?? '', country: account.country ?? DEFAULT_PAYOUT_COUNTRY });

  if (account.state === 'none') return <PayoutSetupForm email={email} pending={setup.pending} onStart={setup.start} />;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">Status:</span>
        {badge && (
          <StatusPill tone={badge.tone} icon={badge.icon}>
            {badge.label}
          </StatusPill>
        )}
        {account.country && (
          <span className="text-muted-foreground">
            {PAYOUT_COUNTRY_LABELS[account.country]}
            {account.currency && ` · ${account.currency.toUpperCase()}`}
          </span>
        )}
      </div>
      {account.requirementsDue.length > 0 && <Requirements items={account.requirementsDue} />}
      {account.state === 'enabled' ? (
        <ActionButton pending={dashboard.pending} onClick={dashboard.open} label="Open Dashboard" newTab />
      ) : (
        <ActionButton
          pending={setup.pending}
          onClick={again}
          label={account.state === 'restricted' ? 'Update Details' : 'Continue Setup'}
          newTab
        />
      )}
    </div>
  );
}

function Requirements({ items }: { items: string[] }) {
  return (
    <section aria-label="What Stripe still needs" className="grid gap-1 rounded-md border bg-muted/40 px-3 py-2 text-sm">
      <p className="font-medium">Stripe still needs:</p>
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
