import { canSeeMembers } from '@bayclub/shared';
import { useCan, useSession } from '#/lib/session/use-session';

/** May the viewer create events: approved, and full_platform or community_only with create_events. */
export function useCanCreateEvents(): boolean {
  const { me } = useSession();
  const flag = useCan('create_events');
  return canSeeMembers(me?.profile ?? null) && flag;
}
