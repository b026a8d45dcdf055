import { inArray, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LIMITED_USER_FLAGS, SETTING_KEYS, flagSettingKey, type LimitedUserFlag } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import { appSettings } from '../../db/schema/index.js';

/** The known settings only: app_settings also holds the legal pages' long texts (modules/legal), read on their own. */
export async function readAllSettings(db: DbOrTx): Promise<Record<string, string>> {
  const rows = await db
    .select({ key: appSettings.settingKey, value: appSettings.settingValue })
    .from(appSettings)
    .where(inArray(appSettings.settingKey, [...SETTING_KEYS]));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function upsertSettings(db: DbOrTx, values: Record<string, string>, updatedBy: string | null) {
  const rows = Object.entries(values).map(([settingKey, settingValue]) => ({ settingKey, settingValue, updatedBy }));
  if (rows.length === 0) return;
  await db
    .insert(appSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: appSettings.settingKey,
      set: { settingValue: sql`excluded.setting_value`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
    });
}

/**
 * A limited-member flag as an SQL boolean, read by the statement that needs it (issue 25: a write that only passes
 * the flag on, in its bus event, folds the read in instead of a round trip of its own). The same rule as parseFlags:
 * no row means the default.
 */
export function flagSql(flag: LimitedUserFlag): SQL {
  return sql`(coalesce((select s.setting_value from ${appSettings} s where s.setting_key = ${flagSettingKey(flag)}),
    ${String(DEFAULT_LIMITED_USER_FLAGS[flag])}) = 'true')`;
}
