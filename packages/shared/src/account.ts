import { z } from 'zod';

/** Spec sections 2, 5 and 8: deactivating and deleting an account. */
export const ACCOUNT_MESSAGES = {
  deactivateWord: 'DEACTIVATE',
  deleteWord: 'DELETE',
  deactivateMismatch: 'Type DEACTIVATE to confirm',
  deleteMismatch: 'Type DELETE to confirm',
  noUser: 'No user found',
  deleteFailed: 'Failed to delete account',
  deleteFailedToast: 'Failed to delete account. Please try again or contact support.',
  deleted: 'Your account has been deleted',
  lastAdmin: 'You are the only admin. Make another member an admin before deleting your account.',
  // Signing in does not reactivate: the member chooses to, with one button (profile banner, Settings > Security).
  deactivated: 'Your account has been deactivated. Sign in and choose Reactivate to show your profile again.',
  reactivated: 'Your account is active again',
  reactivateFailed: 'Your account was not reactivated',
  notDeactivated: 'Your account is not deactivated',
  noProfile: 'No user profile available',
} as const;

/** Exact, case-sensitive confirmation words. */
export const deactivateAccountSchema = z.object({
  confirmation: z.literal('DEACTIVATE', { error: ACCOUNT_MESSAGES.deactivateMismatch }),
});
export type DeactivateAccountInput = z.infer<typeof deactivateAccountSchema>;

export const deleteAccountSchema = z.object({
  confirmation: z.literal('DELETE', { error: ACCOUNT_MESSAGES.deleteMismatch }),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The account-deletion function answer of spec section 7: read for success and message. */
export interface AccountActionResult {
  success: boolean;
  message: string;
}
