import { LOCATION_CHECK_IN_PATH } from '@bayclub/shared';

/** Longer than any token the server makes (its schema stops at 200). */
const TOKEN_MAX = 200;

/**
 * The token in what the scanner read: a poster or door-screen QR holds the check-in URL
 * ({origin}/locations/check-in?t={token}); a bare token is taken as it is. The origin is not checked here (a
 * poster printed before a domain change still reads): the server's signature decides. Null for anything else
 * (another app's code, an event ticket's URL).
 */
export function tokenFromScan(text: string): string | null {
  const trimmed = text.trim();
  if (/^https?:\/\//i.test(trimmed)) {
    try {
      const url = new URL(trimmed);
      if (url.pathname.replace(/\/$/, '') !== LOCATION_CHECK_IN_PATH) return null;
      const token = url.searchParams.get('t');
      return token && token.length <= TOKEN_MAX ? token : null;
    } catch {
      return null;
    }
  }
  return /^[A-Za-z0-9_\-.]{1,200}$/.test(trimmed) ? trimmed : null;
}
