/** Keeps the notification list and unread badge current from socket events (filled in by the notifications feature). */
export function NotificationsRealtimeBridge() {
  return null;
}
