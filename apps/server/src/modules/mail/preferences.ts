import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES, MAIL_TYPE_DEFAULTS, SETTING_DEFAULTS, type MailPreferencesView, type MailType, type UpdateMailPreferencesInput } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import { appSettings, mailPreferences, profiles, users } from '../../db/schema/index.js';
import { rowsOf, textArray } from '../../platform/sql.js';

/** The member's choices; no row means the defaults (every type on). */
export async function readPreferences(db: DbOrTx, userId: string): Promise<MailPreferencesView> {
  const [row] = await db
    .select({
      approval: mailPreferences.approval,
      reminders: mailPreferences.reminders,
      waitlist: mailPreferences.waitlist,
      digest: mailPreferences.digest,
    })
    .from(mailPreferences)
    .where(sql`${mailPreferences.userId} = ${userId}`);
  return row ?? { ...MAIL_TYPE_DEFAULTS };
}

/** Change some types (the others keep their value); one statement, answers the whole choice. */
export async function writePreferences(db: DbOrTx, userId: string, changes: UpdateMailPreferencesInput): Promise<MailPreferencesView> {
  const [row] = await db
    .insert(mailPreferences)
    .values({ userId, ...MAIL_TYPE_DEFAULTS, ...changes })
    .onConflictDoUpdate({ target: mailPreferences.userId, set: { ...changes, updatedAt: sql`now()` } })
    .returning({
      approval: mailPreferences.approval,
      reminders: mailPreferences.reminders,
      waitlist: mailPreferences.waitlist,
      digest: mailPreferences.digest,
    });
  return row!;
}

/**
 * Turn one type off for a member named by an unsubscribe token. A member deleted since is no error (the answer must
 * not differ): the insert selects nobody.
 */
export async function turnOff(db: DbOrTx, userId: string, type: MailType): Promise<void> {
  await db.execute(sql`
    insert into ${mailPreferences} (user_id, ${sql.identifier(type)})
    select ${users.id}, false from ${users} where ${users.id} = ${userId}::uuid
    on conflict (user_id) do update set ${sql.identifier(type)} = false, updated_at = now()`);
}

const recipientRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  app_name: z.string().nullable(),
  logo_url: z.string().nullable(),
  favicon_url: z.string().nullable(),
  language: z.enum(LOCALES).nullable(),
});
export type RecipientRow = z.output<typeof recipientRow>;

const setting = (key: string) => sql`(select ${appSettings.settingValue} from ${appSettings} where ${appSettings.settingKey} = ${key})`;

/**
 * Of these members, those a mail of `type` may go to: a profile that is not deactivated, and the type not turned
 * off. With the club's name and logo from the settings (read in the same statement: inside a transaction on PGlite
 * a second connection would wait forever).
 */
export async function mailRecipients(tx: DbOrTx, userIds: string[], type: MailType): Promise<RecipientRow[]> {
  if (userIds.length === 0) return [];
  const rows = rowsOf(
    await tx.execute(sql`
      select u.id, u.email, coalesce(nullif(p.full_name, ''), u.name) as name, u.language,
        ${setting('app_name')} as app_name, ${setting('email_logo_url')} as logo_url, ${setting('favicon_url')} as favicon_url
      from ${users} u
      join ${profiles} p on p.id = u.id
      left join ${mailPreferences} mp on mp.user_id = u.id
      where u.id = any(${textArray(userIds)}::uuid[]) and not p.is_deactivated
        and coalesce(mp.${sql.identifier(type)}, true)`),
    recipientRow,
  );
  return rows;
}

export const appNameOf = (r: Pick<RecipientRow, 'app_name'>) => r.app_name || SETTING_DEFAULTS.app_name || 'Bay Club';
