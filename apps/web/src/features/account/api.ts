import { useMutation } from '@tanstack/react-query';
import type { AccountActionResult, ChangePasswordInput, DeactivateAccountInput, DeleteAccountInput } from '@bayclub/shared';
import { api } from '#/lib/api';

/** POST /api/account/change-password; a wrong current password comes back as `fields.currentPassword`. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<unknown>('/api/account/change-password', { ...input }),
  });
}

/** POST /api/account/deactivate: hides the profile and ends every session (signing in again does not undo it). */
export function useDeactivateAccountMutation() {
  return useMutation({
    mutationFn: (input: DeactivateAccountInput) => api.post<AccountActionResult>('/api/account/deactivate', { ...input }),
  });
}

/** POST /api/account/reactivate: a deactivated member who signed in shows their profile again. */
export function useReactivateAccountMutation() {
  return useMutation({
    mutationFn: () => api.post<AccountActionResult>('/api/account/reactivate', {}),
  });
}

/**
 * POST /api/account/delete. The answer is read for `success` and `message` (spec 7): a 200 that says
 * `success: false` is a failure like any error answer.
 */
export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: async (input: DeleteAccountInput) => {
      const result = await api.post<AccountActionResult>('/api/account/delete', { ...input });
      if (!result?.success) throw new AccountActionFailed(result?.message ?? '');
      return result;
    },
  });
}

/** A 200 answer with `success: false`. */
export class AccountActionFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountActionFailed';
  }
}
