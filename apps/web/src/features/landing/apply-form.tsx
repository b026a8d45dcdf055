import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { applySchema, PICTURE_MESSAGES, type ApplyInput, type LinkedinPrefill } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Form } from '#/components/ui/form';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage, isApiError } from '#/lib/api';
import { refreshSession } from '#/lib/session/api';
import { uploadProfilePicture } from '#/features/media';
import { Trans, useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { landingKeys, useApplyMutation } from './api';
import { AccountFields, InstagramField, PersonalFields, ProfilePictureField } from './apply-fields';
import { BioField } from './bio-field';
import { InterestsPicker } from '#/components/member/interests-picker';
import { UsernameField } from './username-field';
import { useUsernameAvailability } from './use-username-availability';

const APPLY_DEFAULTS: Partial<ApplyInput> = {
  name: '',
  email: '',
  password: '',
  username: '',
  instagramUsername: '',
  bio: '',
  age: undefined,
  gender: null,
  relationshipStatus: 'not_specified',
  city: undefined,
  interests: [],
};

const FIELD_NAMES = new Set<string>(Object.keys(APPLY_DEFAULTS));

/** The applicant's picture goes to the pending application (and the new profile). */
const PICTURE_ENDPOINT = '/api/applications/picture';

/**
 * The membership application (spec: Apply on /). On success the applicant is signed in and sent to /profile.
 * Through a community (/{slug}/register) it carries `communitySlug`: approval joins the member to it.
 */
export function ApplyForm({ id, communitySlug, prefill }: { id?: string; communitySlug?: string; prefill?: LinkedinPrefill | null }) {
  const t = useT(catalog);
  const s = useSharedText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const apply = useApplyMutation();
  const [picture, setPicture] = React.useState<File | null>(null);
  const [uploadingPicture, setUploadingPicture] = React.useState(false);
  const form = useForm<ApplyInput>({
    // raw: the server parses the very same schema, so it gets what was typed, not our parse of it.
    resolver: zodResolver(applySchema, undefined, { raw: true }),
    // Started with LinkedIn (/linkedin-register): the name and email it gave (decision 034).
    defaultValues: prefill ? { ...APPLY_DEFAULTS, name: prefill.name, email: prefill.email ?? '' } : APPLY_DEFAULTS,
    mode: 'onTouched',
  });
  const username = useWatch({ control: form.control, name: 'username' });
  const interests = useWatch({ control: form.control, name: 'interests' }) ?? [];
  const usernameStatus = useUsernameAvailability(username ?? '');
  const usernameBlocked = usernameStatus.state === 'taken' || usernameStatus.state === 'invalid';
  const submitting = form.formState.isSubmitting;

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await apply.mutateAsync(communitySlug ? { ...values, communitySlug } : values);
    } catch (error) {
      handleApplyError(error);
      return;
    }
    toast.success(t('landing.apply.received'), { description: t('landing.apply.receivedDescription') });
    if (picture) await uploadPicture(picture);
    await refreshSession(queryClient);
    await navigate('/profile');
  });

  /** The applicant is signed in now; a failed upload leaves the application standing. */
  async function uploadPicture(file: File) {
    setUploadingPicture(true);
    try {
      await uploadProfilePicture(file, { endpoint: PICTURE_ENDPOINT });
    } catch (error) {
      const reason = error instanceof Error ? error.message : PICTURE_MESSAGES.noFile;
      toast.error(s(PICTURE_MESSAGES.uploadFailedToast), {
        description: (
          <>
            <span className="block">{t('landing.apply.pictureFailed', { reason: s(reason) })}</span>
            <span className="block">{t('landing.apply.pictureLater')}</span>
          </>
        ),
      });
    } finally {
      setUploadingPicture(false);
    }
  }

  function handleApplyError(error: unknown) {
    const fields = isApiError(error) ? Object.entries(error.fields ?? {}) : [];
    const known = fields.filter(([name]) => FIELD_NAMES.has(name.split('.')[0] ?? name));
    known.forEach(([name, message], i) => {
      const field = (name.split('.')[0] ?? name) as keyof ApplyInput;
      form.setError(field, { type: 'server', message }, { shouldFocus: i === 0 });
    });
    if (known.some(([name]) => name === 'username')) {
      // The name was free when checked and is not any more: check it afresh next time.
      void queryClient.invalidateQueries({ queryKey: landingKeys.usernameAvailability(form.getValues('username').trim().toLowerCase()) });
    }
    if (known.length === 0 || known.length < fields.length) {
      toast.error(t('landing.apply.notSent'), { description: errorMessage(error) });
    }
  }

  return (
    <Form {...form}>
      <form id={id} noValidate onSubmit={handleSubmit} className="grid scroll-mt-40 gap-8" aria-label={t('landing.apply.formLabel')}>
        <FormSection
          id="apply-your-account"
          title={t('landing.apply.account.title')}
          description={prefill ? t('landing.apply.account.withLinkedin') : t('landing.apply.account.description')}
        >
          <AccountFields emailFromLinkedin={!!prefill?.emailVerified && !!prefill.email} />
          <UsernameField status={usernameStatus} />
        </FormSection>
        <FormSection id="apply-about-you" title={t('landing.apply.about.title')} description={t('landing.apply.about.description')}>
          <ProfilePictureField value={picture} onChange={setPicture} disabled={submitting} />
          <InstagramField />
          <BioField />
          <PersonalFields />
        </FormSection>
        <FormSection
          id="apply-what-you-re-into"
          title={t('landing.apply.interests.title')}
          description={t('landing.apply.interests.description')}
        >
          <InterestsPicker
            value={interests}
            onChange={(next) => form.setValue('interests', next, { shouldDirty: true, shouldValidate: true })}
          />
        </FormSection>
        <div className="grid gap-3">
          <Button type="submit" size="lg" className="w-full text-base" disabled={submitting || usernameBlocked}>
            {submitting && <Spinner />}
            {uploadingPicture ? s(PICTURE_MESSAGES.uploading) : submitting ? t('landing.apply.submitting') : t('landing.apply.submit')}
          </Button>
          <p className="text-center text-xs text-muted-foreground">
            <Trans
              catalog={catalog}
              id="landing.apply.agree"
              components={{
                0: <a className="underline underline-offset-2 hover:text-foreground" href="/terms-of-service" />,
                1: <a className="underline underline-offset-2 hover:text-foreground" href="/privacy-policy" />,
              }}
            />
          </p>
        </div>
      </form>
    </Form>
  );
}

/** A titled part of the form; `id` is its heading's (the same in every language). */
function FormSection({ id, title, description, children }: { id: string; title: string; description: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-5" aria-labelledby={id}>
      <header className="grid gap-1 border-b pb-3">
        <h3 id={id} className="text-base font-semibold tracking-tight">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </header>
      {children}
    </section>
  );
}
