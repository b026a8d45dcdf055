import * as React from 'react';
import type { MeView } from '@bayclub/shared';
import type { Audience } from '#/lib/session/use-session';
import { AppLayout } from '#/features/shell/app-layout';
import { RealtimeConnection } from './realtime-connection';
import { warmOfflinePages } from './routes';

/** The signed-in layout and the tab's live connection, loaded on demand as one piece (decision 011). */
export function SignedInFrame({ me, audience }: { me: MeView; audience: Audience }) {
  React.useEffect(() => warmOfflinePages(audience), [audience]);
  // A deactivated member has no socket: the server closes it until they reactivate.
  return <AppLayout me={me} audience={audience}>{audience !== 'deactivated' && <RealtimeConnection />}</AppLayout>;
}
