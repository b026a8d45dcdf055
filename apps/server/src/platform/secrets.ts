import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { serverSecrets } from '../db/schema/index.js';

/** Read a named secret, creating it once (first writer wins, so every process agrees). */
export async function getOrCreateSecret(db: Db, name: string, make: () => string = () => crypto.randomBytes(32).toString('base64url')) {
  await db.insert(serverSecrets).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row!.value;
}
