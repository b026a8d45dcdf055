import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstagramStartView, MeView } from '@bayclub/shared';
import { api } from '#/lib/api';
import { sessionKeys } from '#/lib/session/api';

/** POST /api/instagram/start: a fresh authorize URL (the browser then leaves for Instagram). */
export function useStartInstagramMutation() {
  return useMutation({ mutationFn: () => api.post<InstagramStartView>('/api/instagram/start') });
}

/** POST /api/instagram/disconnect: clears the link (id, username, flag); the cached profile follows at once. */
export function useDisconnectInstagramMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>('/api/instagram/disconnect'),
    onSuccess: () => {
      queryClient.setQueryData<MeView | null>(sessionKeys.me, (me) =>
        me?.profile ? { ...me, profile: { ...me.profile, instagramUsername: null, instagramVerified: false } } : me,
      );
    },
  });
}
