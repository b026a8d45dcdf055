import { useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  instagramUsernameSchema,
  linkedinUsernameSchema,
  LIMITS,
  profileUpdateSchema,
  tiktokUsernameSchema,
  youtubeUsernameSchema,
  type OwnProfileView,
  type ProfileUpdateInput,
} from '@bayclub/shared';
import { applyFieldErrors, errorMessage, isApiError } from '#/lib/api';
import { emitProfileUpdated } from '#/lib/session/profile-events';
import { useCan } from '#/lib/session/use-session';
import { landingKeys } from '#/features/landing/api';
import { useUsernameAvailability, type UsernameStatus } from '#/features/landing';
import { useProfilePicture } from '#/features/media';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { patchMeProfile, useUpdateProfileMutation } from './api';
import { isProfileComplete, PROFILE_TABS, tabOfField, toFormValues, type ProfileTab } from './settings-model';

export const SOCIAL_FIELDS = [
  { name: 'instagramUsername', label: 'Instagram', schema: instagramUsernameSchema },
  { name: 'tiktokUsername', label: 'TikTok', schema: tiktokUsernameSchema },
  { name: 'linkedinUsername', label: 'LinkedIn', schema: linkedinUsernameSchema },
  { name: 'youtubeUsername', label: 'YouTube', schema: youtubeUsernameSchema },
] as const;

/** A username state that stops Save (spec 5): invalid, taken, a failed check, or a check under way. */
const USERNAME_BLOCKS_SAVE: ReadonlySet<UsernameStatus['state']> = new Set(['invalid', 'taken', 'error', 'checking']);

/**
 * Everything behind the Profile section: the form (every field of PUT /api/me/profile), the username
 * check, the picture, the rules that disable Save and the save itself. `onNavigate` opens the tab of a
 * field that failed.
 */
export function useProfileSettings({ profile, onNavigate, onSaved, onBusyChange }: {
  profile: OwnProfileView;
  onNavigate: (tab: ProfileTab) => void;
  onSaved: () => void;
  /** Told when a save starts and ends (the modal refuses to close meanwhile). */
  onBusyChange?: (busy: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const canEdit = useCan('edit_profile');
  const canEditSocial = useCan('add_social_links');
  const update = useUpdateProfileMutation();
  const [saving, setSaving] = useState(false);
  const t = useT(catalog);

  const form = useForm<ProfileUpdateInput>({
    // raw: the server parses the very same schema, so it gets what was typed (it strips @ and reduces URLs).
    resolver: zodResolver(profileUpdateSchema, undefined, { raw: true }),
    defaultValues: toFormValues(profile),
    mode: 'onChange',
  });
  const values = useWatch({ control: form.control });
  const errors = form.formState.errors;
  const usernameStatus = useUsernameAvailability(values.username ?? '', { current: profile.username });

  const picture = useProfilePicture({
    currentUrl: profile.profilePictureUrl,
    required: true,
    onUploaded: (url) => {
      patchMeProfile(queryClient, { profilePictureUrl: url });
      emitProfileUpdated('picture');
    },
  });

  const usernameBlocked = USERNAME_BLOCKS_SAVE.has(usernameStatus.state) || !!errors.username;
  const socialInvalid = SOCIAL_FIELDS.some(({ name, schema }) => {
    const value = values[name];
    return !!value && !schema.safeParse(value).success;
  });
  const bioOver = (values.bio?.length ?? 0) > LIMITS.bioMax;

  const tabErrors: Record<ProfileTab, boolean> = {
    basic:
      !!(errors.fullName || errors.username || errors.bio) ||
      usernameStatus.state === 'invalid' ||
      usernameStatus.state === 'taken' ||
      bioOver ||
      picture.state === 'error',
    social: socialInvalid || SOCIAL_FIELDS.some(({ name }) => !!errors[name]),
    interests: !!errors.interests,
    personal: !!(errors.gender || errors.relationshipStatus || errors.age || errors.city),
  };

  const saveDisabled = !canEdit || usernameBlocked || socialInvalid || bioOver || picture.uploading || saving;

  const handleInvalid = (invalid: FieldErrors<ProfileUpdateInput>) => {
    const first = PROFILE_TABS.find(({ id }) => Object.keys(invalid).some((name) => tabOfField(name) === id));
    if (first) onNavigate(first.id);
  };

  const submit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync(input);
    } catch (error) {
      const fields = isApiError(error) ? Object.keys(error.fields ?? {}) : [];
      if (fields.length > 0) onNavigate(tabOfField(fields[0]!));
      if (fields.includes('username')) {
        // Free when checked, taken since: check it afresh next time.
        const name = (input.username ?? '').trim().toLowerCase();
        void queryClient.invalidateQueries({ queryKey: landingKeys.usernameAvailability(name) });
      }
      if (!applyFieldErrors(error, form.setError)) {
        // Spec 8 only logs profile save errors; people need to know their changes were not kept.
        toast.error(t('settings.saveFailed'), { description: errorMessage(error) });
      }
      return;
    }
    toast.success(t('settings.saved'), { description: t('settings.savedDescription') });
    onSaved();
  }, handleInvalid);

  /** Save Settings: a photo that was chosen but not uploaded yet goes first; a failed upload stops the save. */
  const save = async () => {
    if (saveDisabled) return;
    setSaving(true);
    onBusyChange?.(true);
    try {
      if (picture.selectedFile && !(await picture.upload())) {
        onNavigate('basic');
        return;
      }
      await submit();
    } finally {
      setSaving(false);
      onBusyChange?.(false);
    }
  };

  return {
    form,
    profile,
    picture,
    usernameStatus,
    canEdit,
    /** A refused applicant: no admin switch opens editing to them (decision 009). */
    refused: profile.applicationStatus === 'rejected' && profile.accountType === 'community_only',
    canEditSocial,
    tabErrors,
    hasErrors: Object.values(tabErrors).some(Boolean),
    complete: isProfileComplete(values, profile.profilePictureUrl),
    interests: values.interests ?? [],
    saving,
    saveDisabled,
    save,
  };
}

export type ProfileSettings = ReturnType<typeof useProfileSettings>;
