import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** OpenStreetMap's public tiles: fine for a club's light use, with the attribution its licence asks for. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads, with its default. The README table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number({ error: 'must be a port number (0-65535)' }).int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  BETTER_AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  TRUST_PROXY: bool.default(false),
  TRUSTED_ORIGINS: z.string().default(''),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().default('Bay Club <no-reply@bayclub.local>'),
  RATE_LIMIT: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Local-disk storage folder; default `{DATA_DIR}/uploads`. */
  UPLOADS_DIR: z.string().min(1).optional(),
  /** S3-compatible storage is used when S3_ENDPOINT or S3_REGION is set. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket names are the spec's (profile-pictures, ...) with this prefix, e.g. `bayclub-`. */
  S3_BUCKET_PREFIX: z.string().regex(/^[a-z0-9.-]*$/, { error: 'may contain only a-z, 0-9, dots and hyphens' }).default(''),
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Web Push (VAPID). Without both keys, a key pair is generated once and stored in the database. */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, { error: 'must be a base64url P-256 public key' }).optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, { error: 'must be a base64url P-256 private key' }).optional(),
  /** Contact for push services: a mailto: or https: URL. Default: mailto: the MAIL_FROM address. */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, { error: 'must start with mailto: or https://' }).optional(),
  /**
   * Test-only escape hatches for fetches on a member's behalf: allow loopback/private addresses for push
   * endpoints and link previews (a local HTTPS push endpoint, a local page in the browser tests). Never in production.
   */
  PUSH_ALLOW_PRIVATE_ENDPOINTS: bool.default(false),
  LINK_PREVIEW_ALLOW_PRIVATE: bool.default(false),
  /**
   * Maps (issues 12 and 21): the raster tile source ({z}/{x}/{y} template, optionally {s}) of every map in the app,
   * and the attribution shown on it. Default: OpenStreetMap's public tile server, whose usage policy wants the
   * attribution and light use; a busy club should point this at its own or a paid tile service. `off`: no map
   * (place pages then only link to the member's map app, and places are placed by position or typed coordinates).
   * Its origin is added to the Content-Security-Policy's img-src.
   */
  MAP_TILE_URL: z
    .string()
    .regex(/^(off|https?:\/\/[^\s]*\{z\}[^\s]*\{x\}[^\s]*\{y\}[^\s]*)$/, {
      error: 'must be an http(s) URL template with {z}, {x} and {y}, or off',
    })
    .default(DEFAULT_MAP_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().max(300).default(DEFAULT_MAP_TILE_ATTRIBUTION),
  /**
   * Payments (issue 22): Stripe's secret key (sk_test_... or sk_live_...) and the signing secrets of the two webhook
   * endpoints (the platform's events, and Connect's events of members' accounts). Without a key, the app runs the
   * whole money path against the local Stripe double it ships with (docs/decisions/028).
   */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, { error: 'must be a Stripe secret key (sk_test_... or sk_live_...)' }).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9_]+$/, { error: 'must be a webhook signing secret (whsec_...)' }).optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9_]+$/, { error: 'must be a webhook signing secret (whsec_...)' }).optional(),
  /**
   * Apply with LinkedIn (issue 24, decision 034): the app's client id and secret from LinkedIn's developer portal
   * (product "Sign In with LinkedIn using OpenID Connect"). Without them, the local LinkedIn double the app ships with
   * (apps/server/src/platform/linkedin-local) serves the same flow under /linkedin-local/.
   */
  LINKEDIN_CLIENT_ID: z.string().regex(/^[A-Za-z0-9_-]{4,100}$/, { error: 'must be the client id LinkedIn shows for the app' }).optional(),
  LINKEDIN_CLIENT_SECRET: z.string().min(8, { error: 'must be the client secret LinkedIn shows for the app' }).max(200).optional(),
  /**
   * Instagram linking (issue 24, decision 033): the app id and secret of an Instagram app with Instagram Login
   * (Meta developer dashboard). Without both, linking runs against the local Instagram double the app ships with.
   * The secret also verifies Meta's data-deletion callback (decision 032); without it, the double's own secret does.
   */
  INSTAGRAM_CLIENT_ID: z.string().regex(/^[0-9]{5,30}$/, { error: 'must be the Instagram app id (digits)' }).optional(),
  INSTAGRAM_CLIENT_SECRET: z.string().regex(/^[A-Za-z0-9]{16,128}$/, { error: 'must be the Instagram app secret' }).optional(),
  /** Benchmark only (npm run bench:http): count SQL statements per request into a response header. */
  BENCH_COUNT_SQL: bool.default(false),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** Origins allowed to send mutating requests (the public URL plus TRUSTED_ORIGINS). */
  origins: string[];
  publicUrl: string;
  uploadsDir: string;
  storage: 'disk' | 's3';
  /** The maps' tile source and attribution; null when MAP_TILE_URL is off. */
  mapTiles: MapTiles | null;
}

export interface MapTiles {
  urlTemplate: string;
  attribution: string;
}

export class ConfigError extends Error {}

/** Parse the environment; a wrong value throws a message that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Config {
  // Empty strings count as unset, so `FOO= npm start` behaves like no FOO at all.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const parsed = { ...result.data, ...overrides };
  if (parsed.STRIPE_SECRET_KEY && (!parsed.STRIPE_WEBHOOK_SECRET || !parsed.STRIPE_CONNECT_WEBHOOK_SECRET))
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET and STRIPE_CONNECT_WEBHOOK_SECRET are required with STRIPE_SECRET_KEY (see the README, "Payments")',
    );
  if (!parsed.LINKEDIN_CLIENT_ID !== !parsed.LINKEDIN_CLIENT_SECRET)
    throw new ConfigError('Invalid configuration:\n  LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET go together (see the README, "Apply with LinkedIn")');
  if (!!parsed.INSTAGRAM_CLIENT_ID !== !!parsed.INSTAGRAM_CLIENT_SECRET)
    throw new ConfigError(
      'Invalid configuration:\n  INSTAGRAM_CLIENT_ID and INSTAGRAM_CLIENT_SECRET go together: set both for the real Instagram, neither for the local double (see the README, "Instagram")',
    );
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, '');
  const extra = parsed.TRUSTED_ORIGINS.split(',')
    .map((s) => s.trim().replace(/\/$/, ''))
    .filter(Boolean);
  const origins = [...new Set([publicUrl, ...extra])];
  const uploadsDir = parsed.UPLOADS_DIR ?? path.join(parsed.DATA_DIR, 'uploads');
  const storage = parsed.S3_ENDPOINT || parsed.S3_REGION ? 's3' : 'disk';
  const mapTiles = parsed.MAP_TILE_URL === 'off' ? null : { urlTemplate: parsed.MAP_TILE_URL, attribution: parsed.MAP_TILE_ATTRIBUTION };
  return { ...parsed, publicUrl, origins, uploadsDir, storage, mapTiles };
}

export { repoRoot };
