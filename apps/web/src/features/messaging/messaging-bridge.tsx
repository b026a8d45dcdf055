/** Keeps message caches and unread counts current from socket events (filled in by the messaging feature). */
export function MessagingRealtimeBridge() {
  return null;
}
