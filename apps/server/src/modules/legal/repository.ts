import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appSettings } from '../../db/schema/index.js';

export interface StoredSetting {
  value: string;
  updatedAt: Date;
}

/** The given app_settings rows (one statement over the primary key); absent keys have no entry. */
export async function readSettings(db: DbOrTx, keys: readonly string[]): Promise<Map<string, StoredSetting>> {
  const rows = await db
    .select({ key: appSettings.settingKey, value: appSettings.settingValue, updatedAt: appSettings.updatedAt })
    .from(appSettings)
    .where(inArray(appSettings.settingKey, [...keys]));
  return new Map(rows.map((r) => [r.key, { value: r.value, updatedAt: r.updatedAt }]));
}

/** Saves one text; the row's updated_at (the page's "Last updated") is the server's clock. */
export async function writeSetting(db: DbOrTx, key: string, value: string, updatedBy: string): Promise<void> {
  await db
    .insert(appSettings)
    .values({ settingKey: key, settingValue: value, updatedBy })
    .onConflictDoUpdate({
      target: appSettings.settingKey,
      set: { settingValue: sql`excluded.setting_value`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
    });
}
