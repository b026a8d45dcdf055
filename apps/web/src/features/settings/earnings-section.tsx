import { useId } from 'react';
import { CircleDollarSignIcon, InfoIcon } from 'lucide-react';
import { Badge } from '#/components/ui/badge';
import { Button } from '#/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#/components/ui/card';
import { Input } from '#/components/ui/input';
import { Label } from '#/components/ui/label';
import { NativeSelect } from '#/components/ui/native-select';
import { PAYOUT_COUNTRIES } from './settings-model';

/** Spec 4: a payout account is none (setup form), setup incomplete, enabled or restricted. */
export type PayoutState = 'none' | 'incomplete' | 'enabled' | 'restricted';

const PAYOUT_STATE_COPY: Record<PayoutState, { badge: string; text: string; action: string }> = {
  none: { badge: 'Not set up', text: 'Set up a payout account to receive earnings.', action: 'Set Up Payments' },
  incomplete: {
    badge: 'Setup incomplete',
    text: 'Finish your account details with Stripe to start receiving payouts.',
    action: 'Continue Setup',
  },
  enabled: { badge: 'Account Ready', text: 'Your payout account is ready to receive payments.', action: 'Open Dashboard' },
  restricted: {
    badge: 'Restricted',
    text: 'Stripe needs more information before payments or payouts can resume.',
    action: 'Update Details',
  },
};

export const PAYOUTS_LATER_NOTE =
  'Payouts through Stripe Connect arrive in a later update. Until then no payout account can be created and nothing is sent anywhere.';

/** Settings > Earnings. No payout account can exist yet, so the state is always 'none' and nothing is called. */
export function EarningsSection({ email }: { email: string | null }) {
  return <PaymentSetupCard state="none" email={email} />;
}

/**
 * Payment Setup for each payout state. Every control is disabled until Stripe Connect is built: the
 * card says so plainly instead of pretending.
 */
export function PaymentSetupCard({ state, email }: { state: PayoutState; email: string | null }) {
  const id = useId();
  const noteId = `${id}-note`;
  const copy = PAYOUT_STATE_COPY[state];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CircleDollarSignIcon aria-hidden="true" className="size-5 text-primary" /> Payment Setup
        </CardTitle>
        <CardDescription>{copy.text}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">Status:</span>
          <Badge variant={state === 'restricted' ? 'destructive' : 'secondary'}>{copy.badge}</Badge>
        </div>
        <p id={noteId} role="note" className="flex items-start gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm">
          <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>{PAYOUTS_LATER_NOTE}</span>
        </p>
        <fieldset disabled aria-describedby={noteId} className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">Payout account</legend>
          {state === 'none' && (
            <>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-country`}>Country</Label>
                <NativeSelect id={`${id}-country`} defaultValue="US">
                  {PAYOUT_COUNTRIES.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.label}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-email`}>Email</Label>
                <Input id={`${id}-email`} type="email" value={email ?? ''} readOnly />
              </div>
            </>
          )}
          <Button type="button" className="sm:col-span-2 sm:justify-self-start">
            {copy.action}
          </Button>
        </fieldset>
      </CardContent>
    </Card>
  );
}
