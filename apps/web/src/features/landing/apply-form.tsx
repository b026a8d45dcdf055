import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { applySchema, PICTURE_MESSAGES, uploadFailedMessage, type ApplyInput, type LinkedinPrefill } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Form } from '#/components/ui/form';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage, isApiError } from '#/lib/api';
import { refreshSession } from '#/lib/session/api';
import { uploadProfilePicture } from '#/features/media';
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
    toast.success('Application received', { description: 'Welcome! An admin will review your application soon.' });
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
      toast.error(PICTURE_MESSAGES.uploadFailedToast, {
        description: (
          <>
            <span className="block">{uploadFailedMessage(reason)}</span>
            <span className="block">Your application was sent. You can add a picture later in Settings.</span>
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
      toast.error('Your application was not sent', { description: errorMessage(error) });
    }
  }

  return (
    <Form {...form}>
      <form id={id} noValidate onSubmit={handleSubmit} className="grid scroll-mt-40 gap-8" aria-label="Membership application">
        <FormSection
          title="Your account"
          description={prefill ? 'You can sign in with LinkedIn, or with your email and password.' : 'You will sign in with your email and password.'}
        >
          <AccountFields emailFromLinkedin={!!prefill?.emailVerified && !!prefill.email} />
          <UsernameField status={usernameStatus} />
        </FormSection>
        <FormSection title="About you" description="Help members get to know you.">
          <ProfilePictureField value={picture} onChange={setPicture} disabled={submitting} />
          <InstagramField />
          <BioField />
          <PersonalFields />
        </FormSection>
        <FormSection title="What you're into" description="Pick up to 15 so we can connect you with like-minded members.">
          <InterestsPicker
            value={interests}
            onChange={(next) => form.setValue('interests', next, { shouldDirty: true, shouldValidate: true })}
          />
        </FormSection>
        <div className="grid gap-3">
          <Button type="submit" size="lg" className="w-full text-base" disabled={submitting || usernameBlocked}>
            {submitting && <Spinner />}
            {uploadingPicture ? PICTURE_MESSAGES.uploading : submitting ? 'Submitting application...' : 'Apply for Membership'}
          </Button>
          <p className="text-center text-xs text-muted-foreground">
            By applying you agree to our{' '}
            <a className="underline underline-offset-2 hover:text-foreground" href="/terms-of-service">
              Terms of Service
            </a>{' '}
            and{' '}
            <a className="underline underline-offset-2 hover:text-foreground" href="/privacy-policy">
              Privacy Policy
            </a>
            .
          </p>
        </div>
      </form>
    </Form>
  );
}

function FormSection({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-5" aria-labelledby={`apply-${title.replace(/\W+/g, '-').toLowerCase()}`}>
      <header className="grid gap-1 border-b pb-3">
        <h3 id={`apply-${title.replace(/\W+/g, '-').toLowerCase()}`} className="text-base font-semibold tracking-tight">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </header>
      {children}
    </section>
  );
}
