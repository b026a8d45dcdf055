import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@bayclub/shared';
import { sessionKeys } from './api';

/** Spec 4: profile-updated and profile-picture-updated events refetch the member, debounced by 1 s. */
export const PROFILE_UPDATED_EVENT = 'profile-updated';
export const PROFILE_PICTURE_UPDATED_EVENT = 'profile-picture-updated';
/** Other tabs of this browser hear the same events through this channel. */
const CHANNEL = 'bayclub-profile-events';

function channel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
}

/** Tell every view (this tab and the member's other tabs) that the profile changed; they refetch within a second. */
export function emitProfileUpdated(kind: 'profile' | 'picture' = 'profile') {
  const type = kind === 'picture' ? PROFILE_PICTURE_UPDATED_EVENT : PROFILE_UPDATED_EVENT;
  window.dispatchEvent(new Event(type));
  const bc = channel();
  bc?.postMessage(type);
  bc?.close();
}

export function useProfileUpdateEvents() {
  const queryClient = useQueryClient();
  React.useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: sessionKeys.me }), LIMITS.profileRefetchDebounce);
    };
    window.addEventListener(PROFILE_UPDATED_EVENT, handle);
    window.addEventListener(PROFILE_PICTURE_UPDATED_EVENT, handle);
    const bc = channel();
    bc?.addEventListener('message', handle);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(PROFILE_UPDATED_EVENT, handle);
      window.removeEventListener(PROFILE_PICTURE_UPDATED_EVENT, handle);
      bc?.close();
    };
  }, [queryClient]);
}
