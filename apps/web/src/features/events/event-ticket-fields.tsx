import * as React from 'react';
import { Link } from 'react-router';
import { useFormContext, type ControllerRenderProps } from 'react-hook-form';
import { COUNTRY_CURRENCY, PAYMENT_LIMITS, type CreateEventInput, type Currency, type EventPriceView } from '@bayclub/shared';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#/components/ui/form';
import { Input } from '#/components/ui/input';
import { Skeleton } from '#/components/ui/skeleton';
import { usePayoutAccountQuery } from '#/features/payments/api';
import { moneyInputText, parseMoneyInput } from '#/features/payments';
import { Trans, useT } from '#/lib/i18n';
import { catalog } from './i18n';

/**
 * The event form's Tickets group (issue 22). A host whose payout account is enabled sets a price per seat (in their
 * account's currency; empty is free), the refund cut-off and the paid waitlist's claim window; anyone else is told
 * where to set up payouts. An event that already has a price keeps its fields even if the account is no longer
 * enabled, so the host still sees its terms.
 */
export function TicketFields({ paid }: { paid: EventPriceView | null }) {
  const account = usePayoutAccountQuery();
  const t = useT(catalog);
  const data = account.data;
  const currency = paid?.currency ?? data?.currency ?? (data?.country ? COUNTRY_CURRENCY[data.country] : null);
  const canSell = data?.state === 'enabled' || paid !== null;
  return (
    <fieldset className="grid gap-5 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">{t('events.tickets.legend')}</legend>
      {account.isPending && !paid ? (
        <div role="status" aria-label={t('events.tickets.checking')}>
          <Skeleton className="h-9 w-full" />
        </div>
      ) : canSell ? (
        <>
          <PriceField currency={currency} />
          <div className="grid gap-5 sm:grid-cols-2">
            <HoursField
              name="refundCutoffHours"
              label={t('events.tickets.refundCutoff')}
              min={0}
              max={PAYMENT_LIMITS.refundCutoffMaxHours}
              description={t('events.tickets.refundCutoffHint')}
            />
            <HoursField
              name="claimWindowHours"
              label={t('events.tickets.claimWindow')}
              min={PAYMENT_LIMITS.claimWindowMinHours}
              max={PAYMENT_LIMITS.claimWindowMaxHours}
              description={t('events.tickets.claimWindowHint')}
            />
          </div>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans
            catalog={catalog}
            id="events.tickets.setUpPayouts"
            components={{
              0: <Link to="/profile?settings=earnings" className="font-medium text-primary underline-offset-4 hover:underline" />,
            }}
          />
        </p>
      )}
    </fieldset>
  );
}

function PriceField({ currency }: { currency: Currency | null }) {
  const { control } = useFormContext<CreateEventInput>();
  return <FormField control={control} name="priceAmount" render={({ field }) => <PriceInput field={field} currency={currency} />} />;
}

/**
 * Typed in major units ("25", "25.50"), kept in the form as minor units (2550), empty as free (null). What was typed
 * stays as typed ("25." while typing); the form holds NaN for what is not a price, so the schema's message shows.
 */
function PriceInput({ field, currency }: { field: ControllerRenderProps<CreateEventInput, 'priceAmount'>; currency: Currency | null }) {
  const [text, setText] = React.useState(() => moneyInputText(field.value));
  const code = currency?.toUpperCase();
  const t = useT(catalog);
  return (
    <FormItem>
      <FormLabel>{t('events.tickets.price')}</FormLabel>
      <div className="relative">
        <FormControl>
          <Input
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              field.onChange(parseMoneyInput(e.target.value));
            }}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('events.tickets.free')}
            className={code ? 'pr-14' : undefined}
          />
        </FormControl>
        {code && (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
            {code}
          </span>
        )}
      </div>
      <FormDescription>
        {code ? t('events.tickets.priceHintCurrency', { currency: code }) : t('events.tickets.priceHint')}
      </FormDescription>
      <FormMessage />
    </FormItem>
  );
}

function HoursField({
  name,
  label,
  min,
  max,
  description,
}: {
  name: 'refundCutoffHours' | 'claimWindowHours';
  label: string;
  min: number;
  max: number;
  description: string;
}) {
  const { control } = useFormContext<CreateEventInput>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={Number.isFinite(field.value) ? field.value : ''}
              // Empty is no number at all: the schema says what is allowed.
              onChange={(e) => field.onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
            />
          </FormControl>
          <FormDescription>{description}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
