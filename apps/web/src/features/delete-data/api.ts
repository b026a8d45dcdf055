import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { DeleteDataConfirmInput, DeleteDataRequestAnswer, DeleteDataRequestInput, DeleteDataStatusView } from '@bayclub/shared';
import { api } from '#/lib/api';

/** /delete-data's server state: a request, its confirmation and its status (issue 24). */
export const deleteDataKeys = {
  all: ['delete-data'] as const,
  status: (code: string) => [...deleteDataKeys.all, 'status', code] as const,
};

export const deleteDataStatusQuery = (code: string) =>
  queryOptions({
    queryKey: deleteDataKeys.status(code),
    queryFn: ({ signal }) => api.get<DeleteDataStatusView>(`/api/delete-data/status/${encodeURIComponent(code)}`, { signal }),
    // A received request changes when its mail is confirmed, possibly in another tab or on another device.
    refetchInterval: (query) => (query.state.data?.status === 'received' ? 15_000 : false),
    retry: false,
  });

export const useDeleteDataStatusQuery = (code: string) => useQuery(deleteDataStatusQuery(code));

export function useDeleteDataRequestMutation() {
  return useMutation({
    mutationFn: (input: DeleteDataRequestInput) => api.post<DeleteDataRequestAnswer>('/api/delete-data/requests', input),
  });
}

export function useDeleteDataConfirmMutation() {
  return useMutation({
    mutationFn: (input: DeleteDataConfirmInput) => api.post<DeleteDataRequestAnswer>('/api/delete-data/confirm', input),
  });
}
