import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { PUSH_MESSAGES } from '@bayclub/shared';
import { sharedText } from '#/lib/i18n';
import { disablePush, enablePush, PushError, readPushStatus, type PushStatus } from './push-client';

export const pushKeys = {
  status: ['push', 'status'] as const,
};

/**
 * This browser's push state. It lives in the browser (permission, subscription), not on the server, and can change
 * behind our back (site settings), so it is read again whenever it is shown.
 */
export const pushStatusQueryOptions = () =>
  queryOptions({
    queryKey: pushKeys.status,
    queryFn: readPushStatus,
    staleTime: 0,
    retry: false,
  });

export function usePushStatusQuery(enabled = true) {
  return useQuery({ ...pushStatusQueryOptions(), enabled });
}

/** The prompt asks only a browser that can push, is not subscribed and has not been asked yet (spec 4). */
export const shouldPrompt = (status: PushStatus | undefined) =>
  status?.supported === true && status.permission === 'default' && !status.subscribed;

/** A PushError's message or the fallback: both the spec's PUSH_MESSAGES, shown in the page's language. */
const messageOf = (error: unknown, fallback: string) => sharedText(error instanceof PushError ? error.message : fallback);

/** The enable flow with its toasts: PUSH_MESSAGES.enabled, or the failure's own message. */
export function useEnablePushMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enablePush,
    onSuccess: (result) => {
      if (result === 'enabled') toast.success(sharedText(PUSH_MESSAGES.enabled));
    },
    onError: (error) => {
      toast.error(messageOf(error, PUSH_MESSAGES.enableFailed));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.status }),
  });
}

export function useDisablePushMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disablePush,
    onSuccess: () => {
      toast.success(sharedText(PUSH_MESSAGES.disabled));
    },
    onError: (error) => {
      toast.error(messageOf(error, PUSH_MESSAGES.disableFailed));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.status }),
  });
}
