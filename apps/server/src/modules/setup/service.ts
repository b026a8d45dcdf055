import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { setupTokens, userRoles } from '../../db/schema/index.js';
import type { AppContext, PasswordHasher } from '../../app-context.js';
import { AppError, conflict, type ServerMessage } from '../../platform/errors.js';
import { emailExists, insertCredentialUser, insertProfile, usernameExists } from '../accounts/index.js';
import { uniqueViolation } from '../../platform/sql.js';
import type { setupAdminSchema } from '@bayclub/shared';
import type { z } from 'zod';
import { SETUP_ERRORS as M } from './messages.js';

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

export async function adminExists(db: Db) {
  const [row] = await db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin')).limit(1);
  return !!row;
}

/** A fresh one-time token (only its hash is stored); valid until used. */
export async function createSetupToken(db: Db) {
  const token = crypto.randomBytes(24).toString('base64url');
  await db.insert(setupTokens).values({ tokenHash: sha256(token) });
  return token;
}

/** While no admin exists, print a one-time link that creates the first admin in the browser. */
export async function announceSetupLink(ctx: AppContext) {
  if (await adminExists(ctx.database.db)) return;
  const token = await createSetupToken(ctx.database.db);
  console.log(
    `No admin account exists yet. Open this one-time link to create the first admin:\n\n  ${ctx.config.publicUrl}/setup?token=${token}\n`,
  );
}

export async function createFirstAdmin(db: Db, passwords: PasswordHasher, input: z.output<typeof setupAdminSchema>) {
  const passwordHash = await passwords.hash(input.password);
  try {
    return await db.transaction(async (tx) => {
      // Spend the token first: of two racing requests with one token, only one gets the row.
      const spent = await tx
        .update(setupTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(setupTokens.tokenHash, sha256(input.token)), isNull(setupTokens.usedAt)))
        .returning({ tokenHash: setupTokens.tokenHash });
      if (spent.length === 0) throw new AppError(403, 'FORBIDDEN', M.linkInvalid);
      // Serialize concurrent first-admin creations (different tokens) on one advisory lock.
      await tx.execute(sql`select pg_advisory_xact_lock(4242001)`);
      const [existing] = await tx.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin')).limit(1);
      if (existing) throw conflict(M.adminExists);
      const fields: Record<string, ServerMessage> = {};
      if (await emailExists(tx, input.email)) fields.email = M.emailTaken;
      if (await usernameExists(tx, input.username)) fields.username = M.usernameTaken;
      if (Object.keys(fields).length) throw conflict(Object.values(fields)[0]!, fields);
      const userId = await insertCredentialUser(tx, { name: input.name, email: input.email, passwordHash });
      await insertProfile(tx, userId, {
        accountType: 'full_platform',
        applicationStatus: 'approved',
        fullName: input.name,
        email: input.email,
        username: input.username,
      });
      await tx.insert(userRoles).values({ userId, role: 'admin' });
      return userId;
    });
  } catch (err) {
    if (uniqueViolation(err)) throw conflict(M.accountExists);
    throw err;
  }
}
