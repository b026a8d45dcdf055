import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { USER_ROLES, type UserRole, usernameSchema, emailSchema, passwordSchema } from '@bayclub/shared';
import { userRoles, users } from '../db/schema/index.js';
import { insertCredentialUser, insertProfile } from '../modules/accounts/index.js';
import { betterAuthPasswords } from '../modules/auth/index.js';
import { createSetupToken } from '../modules/setup/index.js';
import { openCliDatabase } from './open.js';
import { runBackupCommand } from './backup.js';

const HELP = `Usage: npm run admin -- <command>

  grant <email> <role>        give a role (${USER_ROLES.join(', ')})
  revoke <email> <role>       take a role away
  list                        list everyone who has a role
  create-admin <email> <username> [name]
                              create a full-platform admin account; the password comes from
                              BAYCLUB_ADMIN_PASSWORD or is generated and printed
  setup-link                  print a new one-time link that creates the first admin in the browser
  backup <file>               copy the embedded database into <file> (works while the server runs);
                              with DATABASE_URL, prints the pg_dump command to use instead
  restore <file>              replace the embedded database with a backup: STOP THE SERVER FIRST;
                              with DATABASE_URL, prints the pg_restore command to use instead

With the embedded database, stop the server first (one process per data folder); backup is the exception.`;

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(HELP);
    return;
  }
  if (command === 'backup' || command === 'restore') {
    process.exitCode = await runBackupCommand(command, args[0]);
    return;
  }
  const { database, publicUrl } = await openCliDatabase();
  const db = database.db;
  try {
    const userIdOf = async (email: string) => {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
      if (!row) throw new Error(`No account with the email ${email}`);
      return row.id;
    };
    const roleArg = (r: string | undefined): UserRole => {
      if (!r || !(USER_ROLES as readonly string[]).includes(r)) throw new Error(`Role must be one of: ${USER_ROLES.join(', ')}`);
      return r as UserRole;
    };
    switch (command) {
      case 'grant': {
        const [email, role] = args;
        const userId = await userIdOf(email ?? '');
        await db.insert(userRoles).values({ userId, role: roleArg(role) }).onConflictDoNothing();
        console.log(`${email} now has the role ${role}.`);
        break;
      }
      case 'revoke': {
        const [email, role] = args;
        const userId = await userIdOf(email ?? '');
        const removed = await db
          .delete(userRoles)
          .where(and(eq(userRoles.userId, userId), eq(userRoles.role, roleArg(role))))
          .returning();
        console.log(removed.length ? `${email} no longer has the role ${role}.` : `${email} did not have the role ${role}.`);
        break;
      }
      case 'list': {
        const rows = await db
          .select({ email: users.email, role: userRoles.role })
          .from(userRoles)
          .innerJoin(users, eq(users.id, userRoles.userId))
          .orderBy(users.email, userRoles.role);
        if (rows.length === 0) console.log('Nobody has a role yet.');
        for (const r of rows) console.log(`${r.email}\t${r.role}`);
        break;
      }
      case 'create-admin': {
        const email = emailSchema.parse(args[0] ?? '');
        const username = usernameSchema.parse((args[1] ?? '').toLowerCase());
        const name = args[2] ?? 'Admin';
        const password = process.env.BAYCLUB_ADMIN_PASSWORD ?? crypto.randomBytes(12).toString('base64url');
        passwordSchema.parse(password);
        const passwordHash = await betterAuthPasswords.hash(password);
        await db.transaction(async (tx) => {
          const userId = await insertCredentialUser(tx, { name, email, passwordHash });
          await insertProfile(tx, userId, {
            accountType: 'full_platform',
            applicationStatus: 'approved',
            fullName: name,
            email,
            username,
          });
          await tx.insert(userRoles).values({ userId, role: 'admin' });
        });
        console.log(`Admin ${email} created.${process.env.BAYCLUB_ADMIN_PASSWORD ? '' : ` Password: ${password}`}`);
        break;
      }
      case 'setup-link': {
        const token = await createSetupToken(db);
        console.log(`${publicUrl}/setup?token=${token}`);
        break;
      }
      default:
        console.log(HELP);
        process.exitCode = 1;
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(message.startsWith('[') ? 'Invalid input: ' + message : message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

void main();
