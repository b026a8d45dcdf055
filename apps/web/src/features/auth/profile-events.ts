import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from './api';

/** Spec 4: profile-updated and profile-picture-updated events refetch the member, debounced by 1 s. */
export const PROFILE_UPDATED_EVENT = 'profile-updated';
export const PROFILE_PICTURE_UPDATED_EVENT = 'profile-picture-updated';

/** Tell every view that the member's profile changed (they refetch /api/me within a second). */
export function emitProfileUpdated(kind: 'profile' | 'picture' = 'profile') {
  window.dispatchEvent(new Event(kind === 'picture' ? PROFILE_PICTURE_UPDATED_EVENT : PROFILE_UPDATED_EVENT));
}

export function useProfileUpdateEvents() {
  const queryClient = useQueryClient();
  React.useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: sessionKeys.me }), 1000);
    };
    window.addEventListener(PROFILE_UPDATED_EVENT, handle);
    window.addEventListener(PROFILE_PICTURE_UPDATED_EVENT, handle);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(PROFILE_UPDATED_EVENT, handle);
      window.removeEventListener(PROFILE_PICTURE_UPDATED_EVENT, handle);
    };
  }, [queryClient]);
}
