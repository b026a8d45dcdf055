import { z } from 'zod';
import { LIMITS } from './limits.js';
import { emailSchema } from './profile.js';

export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 6 characters long',
  tooLong: `Password must be at most ${LIMITS.passwordMaxLength} characters`,
  mismatch: "New passwords don't match",
  currentRequired: 'Current password is required',
  newRequired: 'New password is required',
  confirmRequired: 'Please confirm your new password',
  changeFailed: 'Failed to change password',
} as const;

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(LIMITS.passwordMinLength, { error: PASSWORD_MESSAGES.tooShort })
  .max(LIMITS.passwordMaxLength, { error: PASSWORD_MESSAGES.tooLong });

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'Password is required' }).max(LIMITS.passwordMaxLength),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: PASSWORD_MESSAGES.currentRequired }).max(LIMITS.passwordMaxLength),
    newPassword: z.string().min(1, { error: PASSWORD_MESSAGES.newRequired }).pipe(passwordSchema),
    confirmPassword: z.string().min(1, { error: PASSWORD_MESSAGES.confirmRequired }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: PASSWORD_MESSAGES.mismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const requestPasswordResetSchema = z.object({ email: emailSchema });
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetSchema>;

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, { error: 'The reset link is missing its token' }).max(500),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, { error: 'Please confirm your new password' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Same answer for known and unknown emails (no account enumeration). */
export const PASSWORD_RESET_SENT_MESSAGE =
  'If an account exists for that email, we sent a link to reset the password.';
export const SIGN_IN_FAILED_MESSAGE = 'Invalid email or password';
