import { DATA_EXPORT_LIMITS, type DataExportView, type Locale } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { intlLocaleOf, translatorFor } from '../../platform/i18n.js';
import type { StoredObject } from '../../platform/storage/storage.js';
import { buildArchive } from './archive.js';
import { DATA_EXPORT_ERRORS as M } from './messages.js';
import { presentExport } from './presenter.js';
import {
  collectMemberData,
  expiredArchives,
  failStaleExports,
  insertExport,
  latestExport,
  markExpired,
  markFailed,
  markReady,
} from './repository.js';

const DAY = 24 * 60 * 60 * 1000;

export type DataExportService = ReturnType<typeof createDataExportService>;

/**
 * "Download your data" (issue 24, decision 036). A request is one row; the archive is built right after the answer,
 * in this process (a request whose process stops is failed by the sweep and may be asked again), stored in the
 * private `data-exports` bucket, and the member is mailed a link to Settings → Security, where they download it.
 */
export function createDataExportService(ctx: Pick<AppContext, 'database' | 'storage' | 'mail' | 'settings' | 'config' | 'log'>) {
  const db = ctx.database.db;

  /** Build and store the archive, then mail its owner in `locale` (the language they asked in). */
  async function build(id: string, userId: string, locale: Locale) {
    try {
      const data = await collectMemberData(db, userId);
      const appName = await ctx.settings.appName();
      const zip = await buildArchive(ctx.storage, userId, data, appName, new Date(), locale);
      const storageKey = `${userId}/${id}.zip`;
      await ctx.storage.put('data-exports', storageKey, Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength), 'application/zip');
      const expiresAt = new Date(Date.now() + DATA_EXPORT_LIMITS.linkDays * DAY);
      await markReady(db, id, { storageKey, sizeBytes: zip.byteLength, expiresAt });
      if (data.account) {
        const t = translatorFor(locale);
        const until = expiresAt.toLocaleDateString(intlLocaleOf(locale), { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'America/New_York' });
        await ctx.mail.send({
          to: data.account.email,
          subject: t('data-export.mail.subject', { appName }),
          text: [
            t('data-export.mail.greeting', { name: data.account.name }),
            '',
            t('data-export.mail.ready', { appName }),
            '',
            t('data-export.mail.download', { until }),
            `${ctx.config.publicUrl}/profile?settings=security`,
            '',
            t('data-export.mail.notYou'),
            '',
          ].join('\n'),
        });
      }
    } catch (err) {
      ctx.log.error({ err, exportId: id }, 'Could not prepare a data archive');
      await markFailed(db, id).catch(() => undefined);
    }
  }

  return {
    async status(userId: string): Promise<DataExportView> {
      return presentExport(await latestExport(db, userId));
    },

    /**
     * Asks for a new archive: at most one a day (a failed one may be asked again at once), then built in the
     * background; the mail that says it is ready is written in `locale`, the asking member's language.
     */
    async request(userId: string, locale: Locale = 'en'): Promise<DataExportView> {
      const latest = await latestExport(db, userId);
      if (latest && latest.status !== 'failed' && Date.now() - latest.createdAt.getTime() < DATA_EXPORT_LIMITS.cooldownHours * 60 * 60 * 1000) {
        throw new AppError(429, 'RATE_LIMITED', M.tooSoon);
      }
      const row = await insertExport(db, userId);
      void build(row.id, userId, locale);
      return presentExport(row);
    },

    /** The caller's own ready archive, or 404. */
    async open(userId: string): Promise<{ object: StoredObject; fileName: string }> {
      const latest = await latestExport(db, userId);
      const view = presentExport(latest);
      if (!latest?.storageKey || view.status !== 'ready') throw new AppError(404, 'NOT_FOUND', M.notReady);
      const object = await ctx.storage.get('data-exports', latest.storageKey);
      if (!object) throw new AppError(404, 'NOT_FOUND', M.notReady);
      const day = latest.createdAt.toISOString().slice(0, 10);
      return { object, fileName: `bay-club-data-${day}.zip` };
    },

    /** The hourly sweep: archives past their time deleted, stopped requests failed. */
    async sweep() {
      await failStaleExports(db, DATA_EXPORT_LIMITS.staleMinutes);
      const expired = await expiredArchives(db);
      const keys = expired.flatMap((e) => (e.storageKey ? [e.storageKey] : []));
      if (keys.length) await ctx.storage.remove('data-exports', keys);
      await markExpired(
        db,
        expired.map((e) => e.id),
      );
      return expired.length;
    },
  };
}
