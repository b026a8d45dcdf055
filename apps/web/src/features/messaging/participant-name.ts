import { participantName, type MemberSummary } from '@bayclub/shared';

/**
 * The other participant's name as shown (participantName): a member's name as they wrote it, the stand-ins for a
 * missing one ('User', 'Unknown User') in the page's language.
 */
export function shownParticipantName(member: MemberSummary | null, s: (text: string) => string): string {
  const name = participantName(member);
  return member?.fullName?.trim() ? name : s(name);
}
