import type { EventView } from '@bayclub/shared';

/** CONTRACT STUB (issue 11): the RSVP engineer replaces this. The RSVP control (going with guests, waitlist with position and reason, not going) and 'Your ticket'. */
export function RsvpPanel(_props: { event: EventView }) {
  return null;
}
