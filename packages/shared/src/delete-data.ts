import { z } from 'zod';
import { emailSchema } from './profile.js';

/**
 * /delete-data (issue 24, part 4): anyone may ask for an account's data to be deleted, by email, signed out; the
 * answer is the same whether or not the address has an account (decision 032).
 */
export const DELETE_DATA_LIMITS = {
  /** A confirmation link (and a request that was never confirmed) lasts this long. */
  tokenTtlHours: 24,
  /** At most one mail per address in this many minutes; further requests are answered alike and mail nothing. */
  mailIntervalMinutes: 5,
  /** Requests per client address per window (the route's rate limit). */
  requestsPerAddress: 5,
  requestWindowMinutes: 10,
  /** Length of a confirmation code (base32, 80 bits). */
  codeLength: 16,
} as const;

export const DELETE_DATA_MESSAGES = {
  received:
    'Request received. If this email belongs to a Bay Club account, we sent a confirmation link to it. Nothing is deleted until you open that link.',
  invalidLink: 'This confirmation link is invalid, expired or already used. Ask again from the Delete your data page.',
  notFound: 'No deletion request has this code',
  requestFailed: 'Your request was not sent. Please try again.',
  confirmFailed: 'Your account was not deleted. Please try again.',
  deleted: 'Your account and its data have been deleted',
  badSignedRequest: 'Invalid signed request',
} as const;

export const DELETE_DATA_STATUSES = ['received', 'confirmed', 'done', 'expired'] as const;
export type DeleteDataStatus = (typeof DELETE_DATA_STATUSES)[number];

export const DELETE_DATA_STATUS_LABELS: Record<DeleteDataStatus, string> = {
  received: 'Received',
  confirmed: 'Confirmed',
  done: 'Done',
  expired: 'Expired',
};

/** Confirmation codes: base32 without padding (A-Z, 2-7). */
export const deleteDataCodeSchema = z
  .string()
  .regex(new RegExp(`^[A-Z2-7]{${DELETE_DATA_LIMITS.codeLength}}$`), { error: DELETE_DATA_MESSAGES.notFound });

export const deleteDataRequestSchema = z.object({ email: emailSchema });
export type DeleteDataRequestInput = z.infer<typeof deleteDataRequestSchema>;

export const deleteDataConfirmSchema = z.object({
  token: z.string().trim().min(20, { error: DELETE_DATA_MESSAGES.invalidLink }).max(200, { error: DELETE_DATA_MESSAGES.invalidLink }),
});
export type DeleteDataConfirmInput = z.infer<typeof deleteDataConfirmSchema>;

export const deleteDataStatusParamsSchema = z.object({ code: deleteDataCodeSchema });

/** The answer to every request (202), known address or not. */
export interface DeleteDataRequestAnswer {
  confirmationCode: string;
  /** The status page's path (/delete-data/status/{code}). */
  statusPath: string;
  message: string;
}

/** The status page: no email, no name, no account id; the same for any request that was not confirmed. */
export interface DeleteDataStatusView {
  confirmationCode: string;
  status: DeleteDataStatus;
  receivedAt: string;
  confirmedAt: string | null;
  doneAt: string | null;
  /** When an unconfirmed request stops being confirmable. */
  expiresAt: string;
}

export const deleteDataStatusPath = (code: string) => `/delete-data/status/${code}`;
