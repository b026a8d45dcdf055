import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  PASSWORD_MESSAGES,
  PASSWORD_RESET_SENT_MESSAGE,
  SIGN_IN_FAILED_MESSAGE,
  changePasswordSchema,
  passwordSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  signInSchema,
} from './auth.js';

/** First issue per field path, like the server's error handler reports it. */
function fields(schema: z.ZodType, value: unknown): Record<string, string> {
  const r = schema.safeParse(value);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.join('.') || '_'] ??= i.message;
  return out;
}

describe('passwordSchema', () => {
  it('accepts 6 to 128 characters', () => {
    expect(passwordSchema.safeParse('123456').success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(128)).success).toBe(true);
  });
  it("refuses 5 with the spec's message", () => {
    expect(fields(passwordSchema, '12345')._).toBe('Password must be at least 6 characters long');
    expect(PASSWORD_MESSAGES.tooShort).toBe('Password must be at least 6 characters long');
  });
  it('refuses more than 128 and non-strings', () => {
    expect(fields(passwordSchema, 'x'.repeat(129))._).toBe('Password must be at most 128 characters');
    expect(fields(passwordSchema, undefined)._).toBe('Password is required');
    expect(fields(passwordSchema, 123456)._).toBe('Password is required');
  });
});

describe('signInSchema', () => {
  it('lowercases the email and needs a password', () => {
    expect(signInSchema.parse({ email: 'A@B.co', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
    expect(fields(signInSchema, { email: 'a@b.co', password: '' })).toEqual({ password: 'Password is required' });
    expect(fields(signInSchema, { email: 'bad', password: 'x' })).toEqual({ email: 'Please enter a valid email address' });
  });
  it('keeps the shared failure text', () => {
    expect(SIGN_IN_FAILED_MESSAGE).toBe('Invalid email or password');
  });
});

describe('changePasswordSchema', () => {
  const ok = { currentPassword: 'old-pass', newPassword: 'new-pass', confirmPassword: 'new-pass' };

  it('accepts matching new passwords', () => {
    expect(changePasswordSchema.safeParse(ok).success).toBe(true);
  });

  it('requires all three fields', () => {
    expect(fields(changePasswordSchema, { currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm your new password',
    });
  });

  it("reports a mismatch on confirmPassword with \"New passwords don't match\"", () => {
    const f = fields(changePasswordSchema, { ...ok, confirmPassword: 'other-pass' });
    expect(f).toEqual({ confirmPassword: "New passwords don't match" });
    expect(PASSWORD_MESSAGES.mismatch).toBe("New passwords don't match");
  });

  it('checks the new password length with the spec message', () => {
    expect(fields(changePasswordSchema, { ...ok, newPassword: '12345', confirmPassword: '12345' })).toEqual({
      newPassword: 'Password must be at least 6 characters long',
    });
  });

  it('reports length and mismatch together', () => {
    const f = fields(changePasswordSchema, { currentPassword: 'x', newPassword: '123', confirmPassword: '1234' });
    expect(f.newPassword).toBe('Password must be at least 6 characters long');
    expect(f.confirmPassword).toBe("New passwords don't match");
  });
});

describe('password reset schemas', () => {
  it('request needs a valid email', () => {
    expect(requestPasswordResetSchema.parse({ email: ' X@Y.org ' })).toEqual({ email: 'x@y.org' });
    expect(fields(requestPasswordResetSchema, { email: 'x' })).toEqual({ email: 'Please enter a valid email address' });
  });

  it('reset needs a token, a valid password and a matching confirmation', () => {
    const ok = { token: 'tok', newPassword: 'secret1', confirmPassword: 'secret1' };
    expect(resetPasswordSchema.safeParse(ok).success).toBe(true);
    expect(fields(resetPasswordSchema, { ...ok, token: '' })).toEqual({ token: 'The reset link is missing its token' });
    expect(fields(resetPasswordSchema, { ...ok, token: 'x'.repeat(501) }).token).toBeDefined();
    expect(fields(resetPasswordSchema, { ...ok, newPassword: '12345', confirmPassword: '12345' })).toEqual({
      newPassword: 'Password must be at least 6 characters long',
    });
    expect(fields(resetPasswordSchema, { ...ok, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(fields(resetPasswordSchema, { ...ok, confirmPassword: '' }).confirmPassword).toBe('Please confirm your new password');
  });

  it('keeps one answer for known and unknown emails', () => {
    expect(PASSWORD_RESET_SENT_MESSAGE).toMatch(/^If an account exists/);
  });
});
