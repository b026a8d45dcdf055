import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@bayclub/shared';
import { api } from '#/lib/api';

/** POST /api/account/change-password; a wrong current password comes back as `fields.currentPassword`. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<unknown>('/api/account/change-password', { ...input }),
  });
}
