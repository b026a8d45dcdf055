import { useMutation } from '@tanstack/react-query';
import { PASSWORD_RESET_SENT_MESSAGE, type RequestPasswordResetInput } from '@bayclub/shared';
import { api } from '#/lib/api';

// Apart from the session calls in ./api: these need a message from the shared schemas, which the first screen
// must not load (decision 011).

/** Always resolves to the same message: the server never says whether the email exists. */
export function useRequestPasswordResetMutation() {
  return useMutation({
    mutationFn: async (input: RequestPasswordResetInput) => {
      try {
        await api.post('/api/auth/request-password-reset', { email: input.email, redirectTo: '/reset-password' });
      } catch {
        // Same answer whatever happened (no account enumeration).
      }
      return PASSWORD_RESET_SENT_MESSAGE;
    },
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (input: { newPassword: string; token: string }) =>
      api.post<{ status: boolean }>('/api/auth/reset-password', { newPassword: input.newPassword, token: input.token }),
  });
}
