import {
  PUBLIC_SETTING_KEYS,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  parseFlags,
  type AllSettings,
  type LimitedUserFlags,
  type PublicSettings,
  type UpdateSettingsInput,
} from '@bayclub/shared';
import type { SettingsAuditLabel } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import { readAllSettings, upsertSettings } from './repository.js';

/** App settings with the built-in defaults filled in. Read fresh each time: admin changes apply at once. */
export function createSettingsService({ db }: { db: Db }) {
  async function all(): Promise<AllSettings> {
    const stored = await readAllSettings(db);
    return Object.fromEntries(SETTING_KEYS.map((k) => [k, stored[k] ?? SETTING_DEFAULTS[k] ?? null])) as AllSettings;
  }
  return {
    all,
    async publicSettings(): Promise<PublicSettings> {
      const s = await all();
      return Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, s[k]])) as PublicSettings;
    },
    async flags(): Promise<LimitedUserFlags> {
      return parseFlags(await all());
    },
    async appName(): Promise<string> {
      return (await all()).app_name ?? 'Bay Club';
    },
    async update(input: UpdateSettingsInput, by: { userId: string; email: string }, audit?: SettingsAuditLabel): Promise<AllSettings> {
      const values = Object.fromEntries(
        Object.entries(input.settings).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      await db.transaction(async (tx) => {
        const stored = await readAllSettings(tx);
        const current = (key: string) => stored[key] ?? SETTING_DEFAULTS[key as keyof typeof SETTING_DEFAULTS] ?? null;
        // Only what really changes is written and audited: saving the form untouched leaves no entry.
        const changed = Object.keys(values).filter((key) => current(key) !== values[key]);
        if (changed.length === 0) return;
        await upsertSettings(tx, Object.fromEntries(changed.map((key) => [key, values[key]!])), by.userId);
        await recordAudit(tx, by, {
          action: audit?.action ?? 'settings.update',
          targetType: 'settings',
          targetLabel: audit?.label ?? changed.join(', '),
          before: Object.fromEntries(changed.map((key) => [key, current(key)])),
          after: Object.fromEntries(changed.map((key) => [key, values[key]])),
        });
      });
      return all();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
