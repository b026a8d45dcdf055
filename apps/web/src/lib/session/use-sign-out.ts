import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LIMITS } from '@bayclub/shared';
import { api } from '#/lib/api';
import { clearLocalSession } from './api';
import { sleep } from './profile-loader';
import { sessionStore } from './session-store';

/**
 * Sign out (spec 4): 'Signing out...' covers the screen, the server is asked to end every session,
 * and after at most 3 s the local state is cleared regardless and the member lands on '/'.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(async () => {
    if (sessionStore.get().signingOut) return;
    sessionStore.setSigningOut(true);
    try {
      await Promise.race([api.post('/api/session/sign-out', {}).catch(() => undefined), sleep(LIMITS.signOutTimeout)]);
    } finally {
      clearLocalSession(queryClient);
      await navigate('/', { replace: true });
      sessionStore.setSigningOut(false);
    }
  }, [navigate, queryClient]);
}
