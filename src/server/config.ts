// Configuration comes from the environment, parsed once at boot. A bad value stops the boot with a message
// that names the variable.
import { isIP } from 'node:net';
import { z } from 'zod';
import { adminTwoStepPolicies } from '#domain/two-step';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));
const int = (def: number, min = 1) => z.coerce.number().int().min(min).default(def);

/** proxy-addr's named ranges, which Fastify's trustProxy accepts among addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...more] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || more.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: true/false (yes/no, on/off), a hop count (`1`: trust the nearest
 * proxy only; `0` = false), or the proxies' addresses: an IP, a CIDR range or a comma list of them (also
 * loopback, linklocal, uniquelocal). Null for anything else.
 */
export function parseTrustProxy(value: string): boolean | number | string | null {
  const v = value.trim().toLowerCase();
  if (['true', 'yes', 'on'].includes(v)) return true;
  if (['false', 'no', 'off'].includes(v)) return false;
  if (/^\d{1,3}$/.test(v)) return Number(v) === 0 ? false : Number(v);
  const entries = v.split(',').map((e) => e.trim());
  return entries.every(isProxyAddress) ? entries.join(',') : null;
}

/** A variable read by `parse`; null from it stops the boot with `message`. */
const parsedWith = <T>(parse: (value: string) => T | null, message: string) =>
  z.string().transform((value, ctx) => {
    const parsed = parse(value);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed;
  });

const trustProxy = parsedWith(
  parseTrustProxy,
  'expected true, false, a hop count (1, 2, ...), or the proxy addresses: an IP or CIDR range, or a comma list of them',
);

/**
 * TWO_STEP_KEY: 32 random bytes as base64 (`openssl rand -base64 32`) or 64 hex digits; a comma list while a key
 * is being replaced (the new key first, the former after it: decision 0031).
 */
export function parseSecretKeys(value: string): Buffer[] | null {
  const keys = value.split(',').map((part) => {
    const k = part.trim();
    if (/^[0-9a-f]{64}$/i.test(k)) return Buffer.from(k, 'hex');
    if (/^[A-Za-z0-9+/_-]{43}=?$/.test(k)) return Buffer.from(k, 'base64');
    return null;
  });
  return keys.every((k) => k?.length === 32) ? (keys as Buffer[]) : null;
}

const secretKeys = parsedWith(
  parseSecretKeys,
  'expected 32 random bytes as base64 (openssl rand -base64 32) or 64 hex digits; a comma list to replace one',
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * Apply pending migrations at start (the database role must be allowed to change the schema). false: only check
   * that none is pending and refuse to start otherwise; `npm run migrate` applies them with a role that may
   * (decision 0027: serving with a role that can read and write rows only).
   */
  MIGRATE_ON_START: bool.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('HomeFix Marketplace <no-reply@homefix.local>'),
  APP_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  SESSION_IDLE_MINUTES: int(120),
  SESSION_ABSOLUTE_HOURS: int(12),
  SESSION_REMEMBER_DAYS: int(30),
  RATE_LIMIT_WINDOW_MINUTES: int(15),
  RATE_LIMIT_AUTH_PER_IP: int(30),
  /** Verification-resend requests per email; failed sign-ins per email and client address. */
  RATE_LIMIT_AUTH_PER_ACCOUNT: int(10),
  /** Failed sign-ins per email from every address together (the ceiling against distributed guessing). */
  RATE_LIMIT_LOGIN_PER_ACCOUNT: int(20),
  RATE_LIMIT_GLOBAL_PER_MINUTE: int(600),
  /** How often /ws pings each socket; one that missed the previous ping is closed. */
  WS_HEARTBEAT_MS: int(30_000, 50),
  /**
   * How often the notification mail work runs across all instances (composing what is due, the daily and hourly
   * digests included, and sending the outbox); 0 turns the timer off (a commit with new notifications still wakes
   * its instance at once). Decision 0043.
   */
  NOTIFICATION_DIGEST_SECONDS: int(60, 0),
  /**
   * `required`: an admin without two-step verification may sign in and use /settings, but every admin tool answers
   * 403 until it is on (decision 0028). `optional` (default): two-step is opt-in for every role (decision 0024).
   */
  ADMIN_TWO_STEP: z
    .enum(adminTwoStepPolicies, { error: 'expected optional or required' })
    .default('optional'),
  /** Seals the TOTP secrets of two-step verification in the database (decision 0031); required in production. */
  TWO_STEP_KEY: secretKeys.optional(),
  BETA_MODE: bool.default(true),
  BETA_BANNER_TEXT: z.string().default('This marketplace is in beta. Tell us what you think!'),
  BETA_FEEDBACK_URL: z.string().url().or(z.literal('')).default(''),
  WEB_DIST: z.string().default('./dist/web'),
  /** The development outbox page: unset = only on loopback; true/false force it (never in production). */
  DEV_MAILBOX: bool.optional(),
  /** The API description at /api/docs: unset = everywhere but production. */
  API_DOCS: bool.optional(),
  /** The client's source maps (*.map): unset = everywhere but production. */
  SOURCE_MAPS: bool.optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig extends Env {
  APP_URL: string;
  isProduction: boolean;
}

export class ConfigError extends Error {}

export interface LoadOptions {
  /** The server itself (main.ts): in production it needs SMTP_URL, APP_URL and TWO_STEP_KEY. Scripts and tests do not. */
  serving?: boolean;
}

export function loadConfig(
  env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env,
  options: LoadOptions = {},
): AppConfig {
  // Empty strings count as unset, so `FOO= npm start` behaves like not setting FOO.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (options.serving && e.NODE_ENV === 'production') {
    // Without SMTP_URL reset links would only be kept on the server; without APP_URL links point here.
    const missing = [
      e.SMTP_URL
        ? null
        : '  SMTP_URL: the smtp:// or smtps:// server that delivers verification and reset mail',
      e.APP_URL ? null : '  APP_URL: the public https:// address, used in email links and the Origin check',
      e.TWO_STEP_KEY
        ? null
        : '  TWO_STEP_KEY: the key that seals two-step secrets in the database (openssl rand -base64 32)',
    ].filter((line) => line !== null);
    if (missing.length > 0) {
      throw new ConfigError(`NODE_ENV=production needs these variables set:\n${missing.join('\n')}`);
    }
  }
  const host = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  return {
    ...e,
    APP_URL: (e.APP_URL ?? `http://${host}:${e.PORT}`).replace(/\/$/, ''),
    isProduction: e.NODE_ENV === 'production',
  };
}
