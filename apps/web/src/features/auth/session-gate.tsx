import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LIMITS } from '@bayclub/shared';
import { AlertCircleIcon } from 'lucide-react';
import { LoadingScreen } from '#/components/loading-screen';
import { Button } from '#/components/ui/button';
import { api } from '#/lib/api';
import { clearLocalSession } from '#/lib/session/api';
import type { ProfileLoadError } from '#/lib/session/profile-loader';
import { useProfileUpdateEvents } from '#/lib/session/profile-events';
import { useSession, type Audience, type SessionStatus } from '#/lib/session/use-session';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/**
 * Holds the app until the session is known (spec 4), then renders `children(audience)`.
 * Any move into 'signed out' after the first load (sign-out, expired session, forced cleanup) lands on '/'.
 */
export function SessionGate({ children }: { children: (audience: Audience) => React.ReactNode }) {
  const session = useSession();
  const t = useT(catalog);
  const [prevStatus, setPrevStatus] = React.useState<SessionStatus>(session.status);
  const [goHome, setGoHome] = React.useState(false);
  if (prevStatus !== session.status) {
    setPrevStatus(session.status);
    if (session.status === 'signed-out' && prevStatus !== 'loading') setGoHome(true);
  }
  useProfileUpdateEvents();
  const handleHomeDone = React.useCallback(() => setGoHome(false), []);

  if (goHome) return <GoHome onDone={handleHomeDone} />;
  switch (session.status) {
    case 'loading':
      return <LoadingScreen label={t('auth.session.loading')} />;
    case 'signing-out':
      return <LoadingScreen label={t('auth.session.signingOut')} />;
    case 'error':
      return <ProfileErrorScreen error={session.error!} isFetching={session.isFetching} retry={session.refetch} />;
    case 'signed-in':
    case 'signed-out':
      return <>{children(session.audience)}</>;
  }
}

function GoHome({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const t = useT(catalog);
  React.useEffect(() => {
    void Promise.resolve(navigate('/', { replace: true })).then(onDone);
  }, [navigate, onDone]);
  return <LoadingScreen label={t('auth.session.loading')} />;
}

/** Unrecoverable errors clean up after 1 s; 'Max retries exceeded' is retried every 2 s, at most 3 times. */
function ProfileErrorScreen({ error, isFetching, retry }: { error: ProfileLoadError; isFetching: boolean; retry: () => void }) {
  const queryClient = useQueryClient();
  const [scheduled, setScheduled] = React.useState(0);
  const t = useT(catalog);

  React.useEffect(() => {
    if (!error.forceCleanup) return;
    const timer = setTimeout(() => {
      api.post('/api/session/sign-out', {}).catch(() => undefined);
      clearLocalSession(queryClient);
    }, LIMITS.forcedCleanupDelay);
    return () => clearTimeout(timer);
  }, [error, queryClient]);

  React.useEffect(() => {
    if (error.forceCleanup || isFetching || scheduled >= LIMITS.profileRetryMax) return;
    const timer = setTimeout(() => {
      setScheduled((n) => n + 1);
      retry();
    }, LIMITS.profileRetryInterval);
    return () => clearTimeout(timer);
  }, [error, isFetching, scheduled, retry]);

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-6">
      <div role="alert" className="flex max-w-sm flex-col items-center gap-3 text-center">
        <AlertCircleIcon className="size-8 text-destructive" aria-hidden="true" />
        <h1 className="text-lg font-semibold">{error.message}</h1>
        {error.forceCleanup ? (
          <p className="text-sm text-muted-foreground">{t('auth.session.signingYouOut')}</p>
        ) : (
          <Button onClick={retry} disabled={isFetching}>
            {isFetching ? t('auth.session.retrying') : t('auth.session.retry')}
          </Button>
        )}
      </div>
    </main>
  );
}
