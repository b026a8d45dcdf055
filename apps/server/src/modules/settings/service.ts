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
import type { Db } from '../../db/client.js';
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
    async update(input: UpdateSettingsInput, adminId: string): Promise<AllSettings> {
      const values = Object.fromEntries(
        Object.entries(input.settings).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      await upsertSettings(db, values, adminId);
      return all();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
