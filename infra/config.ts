import path from 'node:path';
import { z } from 'zod';
import { isAddressOrCidr, LOOPBACK_PROXIES } from './http/client-ip.ts';

/** The sample questionnaire shipped in the repository (`questionnaires/`), wherever the process starts. */
export const SAMPLE_FORMS_DIR = path.resolve(import.meta.dirname, '..', 'questionnaires');

const port = z.coerce.number().int().min(0).max(65535);
const origin = z.url({ protocol: /^https?$/ }).transform((value) => new URL(value).origin);

/** the read models' names (each projections/<name>/index.ts), for PROJECTIONS */
export const PROJECTION_NAMES = ['club', 'forms', 'gym', 'shows'] as const;

/** Every setting the project reads, all from the environment, all with a working default. */
export const configSchema = z.object({
  /** production unless said otherwise: development and test loosen what answers reveal (the gym's devCode) */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** which parts this process runs; `npm start` runs them all */
  ROLES: z
    .string()
    .default('api,projector,scheduler')
    .transform((value) => value.split(',').map((role) => role.trim()))
    .pipe(z.array(z.enum(['api', 'projector', 'scheduler'])).min(1)),
  /**
   * which projections a process with the projector role runs; all by default. Projector processes
   * given different ones each hold their own (docs/scaling.md); given the same, one runs and the others stand by
   */
  PROJECTIONS: z
    .string()
    .default(PROJECTION_NAMES.join(','))
    .transform((value) => value.split(',').map((name) => name.trim()))
    .pipe(z.array(z.enum(PROJECTION_NAMES)).min(1)),
  DATA_DIR: z.string().min(1).default('./.data'),
  /** an existing PostgreSQL; unset runs the embedded one with its data in DATA_DIR */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /**
   * a streaming replica of DATABASE_URL's server: the query routes read the read tables from it, and a
   * read after a write waits until the replica has replayed the projections' checkpoints. Unset: reads go to DATABASE_URL
   */
  READ_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  EMBEDDED_PG_PORT: port.default(54329),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  /** an EventStoreDB server (esdb://…); unset keeps the event log in PostgreSQL */
  EVENTSTORE_URL: z.string().regex(/^esdb(\+discover)?:\/\//, 'an esdb:// connection string').optional(),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** the reverse proxies whose X-Real-IP is believed: addresses and CIDR blocks, comma-separated */
  TRUSTED_PROXY: z
    .string()
    .default(LOOPBACK_PROXIES.join(','))
    .transform((value) => value.split(',').map((entry) => entry.trim()))
    .pipe(z.array(z.string().refine(isAddressOrCidr, 'addresses or CIDR blocks, comma-separated, like 127.0.0.1,10.0.0.0/8')).min(1)),
  GYM_PORT: port.default(3001),
  SHOWS_PORT: port.default(3002),
  CLUB_PORT: port.default(3003),
  /**
   * each service's own public origin: a state-changing request carrying another Origin is refused.
   * Unset: http://localhost:<its port>, so a changed port needs nothing else; set it for a proxy in front
   */
  GYM_BASE_URL: origin.optional(),
  SHOWS_BASE_URL: origin.optional(),
  CLUB_BASE_URL: origin.optional(),
  /** HMAC key of session tokens; unset: generated once and kept in DATA_DIR (with a warning) */
  SESSION_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  /** Secure cookies; turn off only for plain-HTTP local development */
  COOKIE_SECURE: z.enum(['true', 'false']).default('true').transform((value) => value === 'true'),
  /** gym signup needs this code when set */
  INVITE_CODE: z.string().min(1).max(200).optional(),
  /** Postmark server token; unset: mail goes to the log */
  MAIL_API_KEY: z.string().min(1).optional(),
  /** Postmark's API base, for a local stand-in in tests */
  MAIL_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.postmarkapp.com'),
  /** sender of every mail: a display name and an address in angle brackets */
  EMAIL_FROM: z
    .string()
    .regex(/^[^<>]+ <[^<>@\s]+@[^<>@\s]+>$/, 'a display name and an address in angle brackets, like "Gym <gym@example.org>"')
    .default('Ledger <no-reply@localhost>'),
  /** TV data provider (TVmaze) base URL; no key needed */
  TVMAZE_URL: z.url({ protocol: /^https?$/ }).default('https://api.tvmaze.com'),
  /** the country whose broadcast schedule counts as "airing today" (ISO 3166-1) */
  TVMAZE_COUNTRY: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 country code like US').default('US'),
  /** calls per 10 s allowed to TVmaze; its documented minimum is 20 */
  TVMAZE_CALLS_PER_10S: z.coerce.number().int().min(1).max(100_000).default(20),
  /** first and second OpenAI-compatible chat-completion providers for suggestions; unset: popular shows */
  AI_PRIMARY_URL: z.url({ protocol: /^https?$/ }).optional(),
  AI_PRIMARY_KEY: z.string().min(1).optional(),
  AI_PRIMARY_MODEL: z.string().min(1).optional(),
  AI_SECONDARY_URL: z.url({ protocol: /^https?$/ }).optional(),
  AI_SECONDARY_KEY: z.string().min(1).optional(),
  AI_SECONDARY_MODEL: z.string().min(1).optional(),
  /** SMTP server (smtp://user:pass@host:port or smtps://…), the second mail path after Postmark */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** Resend's HTTPS API key, the third mail path */
  RESEND_API_KEY: z.string().min(1).optional(),
  RESEND_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.resend.com'),
  /** Web Push VAPID keys (base64url); unset: generated once and kept in DATA_DIR (with a warning) */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'a mailto: or https: URL').default('mailto:admin@localhost'),
  /**
   * the daily job's parts: each is a job of its own over the users whose id hashes to it, so that
   * several scheduler processes share a day (docs/scaling.md, step 5); every scheduler names the same number
   */
  DAILY_JOB_SHARDS: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * the notifications a running part of the daily job starts a second, at most: run flat out it
   * took the machine from the people using it at noon (bench:day, docs/benchmarks.md); a quarter
   * of the 949 a second one machine sends flat out (bench:shows)
   */
  DAILY_JOB_SENDS_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(250),
  /** the scheduler's job store; unset: PostgreSQL */
  MONGODB_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'a mongodb:// connection string').optional(),
  /** enables POST /api/admin/run-cron with this value in x-admin-token */
  ADMIN_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  FORMS_PORT: port.default(3004),
  /** the admin port answering GET /metrics (Prometheus text); unset: no metrics are kept or served */
  METRICS_PORT: port.optional(),
  /** the forms service's own origin: writes must carry it as their Origin header (unset: as the others') */
  FORMS_BASE_URL: origin.optional(),
  /** the questionnaires, one `<form name>.json` each; a relative path is taken from the working directory */
  FORMS_DIR: z.string().min(1).default(SAMPLE_FORMS_DIR).transform((value) => path.resolve(value)),
  /** how long a command waits for its projections before answering 503 */
  PROJECTION_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(5000),
  /** shutdown grace: in-flight requests and the projector batch get this long */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
}).transform((config) => ({
  ...config,
  GYM_BASE_URL: config.GYM_BASE_URL ?? localOrigin(config.GYM_PORT, 3001),
  SHOWS_BASE_URL: config.SHOWS_BASE_URL ?? localOrigin(config.SHOWS_PORT, 3002),
  CLUB_BASE_URL: config.CLUB_BASE_URL ?? localOrigin(config.CLUB_PORT, 3003),
  FORMS_BASE_URL: config.FORMS_BASE_URL ?? localOrigin(config.FORMS_PORT, 3004),
}));

/**
 * Where a browser on this machine reaches a service on `port`. Port 0 (a free port, chosen at listen
 * time) has no address known here: the usual port's stands in, as tests that pick free ports expect.
 */
function localOrigin(port: number, usual: number): string {
  return `http://localhost:${port === 0 ? usual : port}`;
}

export type Config = z.infer<typeof configSchema>;

/** Gym recovery answers carry the code only when the environment names a development or test run. */
export function revealsRecoveryCodes(config: Pick<Config, 'NODE_ENV'>): boolean {
  return config.NODE_ENV === 'development' || config.NODE_ENV === 'test';
}

/**
 * The first line `npm start` logs: the mode, and whether recovery codes come back in answers; a
 * warning when they do, so a development setting that reached a server is seen at once.
 */
export function modeLine(config: Pick<Config, 'NODE_ENV'>): { readonly level: 'info' | 'warn'; readonly entry: object; readonly message: string } {
  const reveals = revealsRecoveryCodes(config);
  return {
    level: reveals ? 'warn' : 'info',
    entry: { mode: config.NODE_ENV, recoveryCodesInAnswers: reveals },
    message: reveals
      ? `${config.NODE_ENV} mode: gym recovery codes are returned in answers (devCode); never run this way in production`
      : 'production mode: recovery codes are never returned in answers',
  };
}

/** Each service's public origin: a browser's change must name its own service's. */
export function serviceOrigins(config: Config): Readonly<Record<'gym' | 'shows' | 'club' | 'forms', string>> {
  return { gym: config.GYM_BASE_URL, shows: config.SHOWS_BASE_URL, club: config.CLUB_BASE_URL, forms: config.FORMS_BASE_URL };
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; the first bad variable is named in a one-line error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const variable = String(issue.path[0] ?? 'environment');
  throw new ConfigError(`invalid configuration: ${variable}: ${issue.message}`);
}
