/** Error codes of the one error body: { error: { code, message, fields? } }. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  /** Messaging without an active match (issue 4). */
  'NO_MATCH',
  /** The daily hello limit is reached (issue 4). */
  'DAILY_LIMIT',
  /** A service the request needs (Stripe) did not answer; nothing was done (issue 22). 503. */
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  error: { code: ErrorCode | string; message: string; fields?: Record<string, string> };
}

export const PROFILE_MESSAGES = {
  notRecovered: 'Profile not found and could not be recovered',
  maxRetries: 'Max retries exceeded',
} as const;
