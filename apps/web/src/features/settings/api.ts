import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LanguageUpdateInput, MeView, OwnProfileView, ProfileUpdateInput } from '@bayclub/shared';
import { api } from '#/lib/api';
import { sessionKeys } from '#/lib/session/api';
import { emitProfileUpdated } from '#/lib/session/profile-events';

/** Put a newer own profile into the cached /api/me answer, so every view shows it at once. */
export function patchMeProfile(queryClient: ReturnType<typeof useQueryClient>, patch: Partial<OwnProfileView>) {
  queryClient.setQueryData<MeView | null>(sessionKeys.me, (me) => (me?.profile ? { ...me, profile: { ...me.profile, ...patch } } : me));
}

/** PUT /api/me/profile with every field at once (spec 4 Save); answers the saved OwnProfileView. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => api.put<OwnProfileView>('/api/me/profile', { ...input }),
    onSuccess: (profile) => {
      patchMeProfile(queryClient, profile);
      emitProfileUpdated('profile');
    },
  });
}

/** PUT /api/me/language (Settings > Security > Language): the page switches once it is saved. */
export function useLanguageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LanguageUpdateInput) => api.put<LanguageUpdateInput>('/api/me/language', { ...input }),
    onSuccess: ({ language }) => {
      queryClient.setQueryData<MeView | null>(sessionKeys.me, (me) => (me ? { ...me, language } : me));
      // What the server wrote for this reader (notifications, the built-in legal texts) comes again in the new language.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.me[0] });
    },
  });
}
