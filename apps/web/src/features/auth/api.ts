import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInInput } from '@bayclub/shared';
import { api } from '#/lib/api';
import { refreshSession } from '#/lib/session/api';

export function useSignInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => api.post<unknown>('/api/auth/sign-in/email', { ...input }),
    onSuccess: () => refreshSession(queryClient),
  });
}
