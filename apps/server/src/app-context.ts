import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Auth } from './modules/auth/auth.js';
import type { MailOutbox } from './modules/mail/outbox.js';
import type { SettingsService } from './modules/settings/service.js';
import type { Storage } from './platform/storage/storage.js';

/** The few shared dependencies modules are built from. */
export interface AppContext {
  config: Config;
  database: Database;
  auth: Auth;
  /** Every mail the app sends: written to the outbox, sent by its worker (modules/mail). */
  mail: MailOutbox;
  settings: SettingsService;
  log: FastifyBaseLogger;
  migrations: number;
  /** Uploaded files: local disk or S3-compatible (platform/storage). */
  storage: Storage;
}
