import type * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_PAYOUT_COUNTRY,
  PAYOUT_COUNTRIES,
  payoutSetupSchema,
  type PayoutSetupInput,
} from '@bayclub/shared';
import { SelectField } from '#/components/select-field';
import { TextField } from '#/components/text-field';
import { Button } from '#/components/ui/button';
import { Form } from '#/components/ui/form';
import { Spinner } from '#/components/ui/spinner';
import { applyFieldErrors } from '#/lib/api';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { PAYOUT_COUNTRY_LABELS } from './money';

interface PayoutSetupFormProps {
  /** The member's email, to start from. */
  email: string | null;
  pending: boolean;
  onStart: (input: PayoutSetupInput, onFailure: (error: unknown) => void) => void;
}

/** Spec 4's 'none' state: the country (US by default) and the email Stripe will know the account by. */
export function PayoutSetupForm({ email, pending, onStart }: PayoutSetupFormProps) {
  const t = useT(catalog);
  const countryOptions = PAYOUT_COUNTRIES.map((code) => ({ value: code, label: t(PAYOUT_COUNTRY_LABELS[code]) }));
  const form = useForm<PayoutSetupInput>({
    resolver: zodResolver(payoutSetupSchema, undefined, { raw: true }),
    defaultValues: { email: email ?? '', country: DEFAULT_PAYOUT_COUNTRY },
    mode: 'onTouched',
  });

  // Checked here, in the click, and not by handleSubmit (asynchronous): the Stripe tab must open in the click
  // itself to get past popup blockers, and only for a form that is going to be sent.
  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = payoutSetupSchema.safeParse(form.getValues());
    if (!parsed.success) {
      void form.trigger(undefined, { shouldFocus: true });
      return;
    }
    onStart(parsed.data, (error) => applyFieldErrors(error, form.setError));
  };

  return (
    <Form {...form}>
      <form noValidate onSubmit={handleSubmit} aria-label={t('payments.setup.formLabel')} className="grid gap-4 sm:grid-cols-2">
        <SelectField<PayoutSetupInput> name="country" label={t('payments.setup.country')} options={countryOptions} />
        <TextField<PayoutSetupInput> name="email" label={t('payments.setup.email')} type="email" autoComplete="email" inputMode="email" />
        <Button type="submit" disabled={pending} className="sm:col-span-2 sm:justify-self-start">
          {pending && <Spinner />}
          {t('payments.setup.submit')}
        </Button>
      </form>
    </Form>
  );
}
