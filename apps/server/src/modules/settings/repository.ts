import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appSettings } from '../../db/schema/index.js';

export async function readAllSettings(db: DbOrTx): Promise<Record<string, string>> {
  const rows = await db.select({ key: appSettings.settingKey, value: appSettings.settingValue }).from(appSettings);
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
