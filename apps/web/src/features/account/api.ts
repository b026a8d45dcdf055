import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountActionResult, ChangePasswordInput, DataExportView, DeactivateAccountInput, DeleteAccountInput } from '@bayclub/shared';
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

export const dataExportKeys = { status: ['account', 'data-export'] as const };

/** GET /api/account/export: the member's latest archive; asked again every few seconds while it is being prepared. */
export function useDataExportQuery() {
  return useQuery({
    queryKey: dataExportKeys.status,
    queryFn: () => api.get<DataExportView>('/api/account/export'),
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? 3000 : false),
  });
}

/** POST /api/account/export: ask for a new archive (once a day; the server says when otherwise). */
export function useRequestDataExportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DataExportView>('/api/account/export', {}),
    onSuccess: (view) => queryClient.setQueryData(dataExportKeys.status, view),
  });
}

/** Where the browser downloads the member's archive (a plain link: the browser saves the file itself). */
export const DATA_EXPORT_DOWNLOAD_URL = '/api/account/export/download';
