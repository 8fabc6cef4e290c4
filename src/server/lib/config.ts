import { z } from "zod";

// Every setting the server reads, validated once at start. A missing or malformed
// value stops the start with a message that names it (docs/configuration.md).
const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Unset: 127.0.0.1 in development (one person's machine) and behind a proxy (TRUST_PROXY), else
   * 0.0.0.0 in production.
   */
  HOST: optionalString,
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** json (one object a line, for log shippers) or pretty (one short line each, for a person). */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  /**
   * Every JSON answer parsed against its contract, a drifted one logged and turned into a 500: a
   * test-time check (decision 036). Unset: on under NODE_ENV=test, off otherwise (npm start, production).
   */
  CHECK_RESPONSES: bool.optional(),
  /**
   * Issue 35 item 1: before listening, the booking path runs once (availability reads, a hold in a
   * rolled-back transaction) so the first rush meets it warm; at most this long (ms), 0 = off.
   */
  WARM_UP_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Bearer token for GET /metrics; without it the endpoint answers 404. */
  METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
  /** How often each instance sweeps holds whose time is up (ms). */
  HOLD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  // Bounds of every wait for PostgreSQL (issue 30 item 9; docs/configuration.md, decision 014).
  /** Connections of each instance's pool. */
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  /** Opening a connection (ms). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /** Waiting for a free connection of the pool while the database answers (ms). */
  DB_POOL_WAIT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** One statement (the server's statement_timeout; the client gives up 2 s later), ms. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** No answer for this long while requests wait (and none to a probe): every waiting request is a 503 (ms). */
  DB_STALL_MS: z.coerce.number().int().min(300).max(60_000).default(1500),
  DATA_DIR: z.string().default("./data"),
  STORAGE_DIR: optionalString,
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Unset: on for the embedded demo (no DATABASE_URL, not production), off otherwise. */
  SEED_ON_EMPTY: bool.optional(),
  /** Only for benchmarks of the production build on the demo data; never on a real venue. */
  ALLOW_DEMO_DATA: bool.default(false),
  TRUST_PROXY: bool.default(false),
  SMTP_HOST: optionalString,
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: bool.default(false),
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  MAIL_FROM: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_PRICE_MONTHLY: optionalString,
  STRIPE_PRICE_ANNUAL: optionalString,
  STRIPE_API_BASE: z.url().optional(),
  TEST_CHECKOUT: bool.optional(),
  // SMS through Twilio (docs/decisions/023); without the SID and token texts stay at /dev/sms.
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_MESSAGING_SERVICE_SID: optionalString,
  TWILIO_API_BASE: z.url().optional(),
  MANAGER_PASSWORD: optionalString,
  /** How long one availability read serves every visitor (ms); 0 turns the cache off. */
  AVAILABILITY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  // Limits against hoarding (src/domain/hold-limits.ts): the venue_settings row wins, then these,
  // then the defaults (2 active holds, 8 slots, 10 holds per address in 10 minutes).
  HOLD_LIMIT_ACTIVE_PER_VISITOR: z.coerce.number().int().min(1).max(10_000).optional(),
  HOLD_LIMIT_SLOTS_PER_HOLD: z.coerce.number().int().min(1).max(20).optional(),
  HOLD_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).optional(),
  HOLD_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).optional(),
  VENUE_NAME: optionalString,
  CLUB_NAME: optionalString,
  VENUE_PHONE: optionalString,
  VENUE_EMAIL: z.email().optional(),
  VENUE_ADDRESS: optionalString,
  POLICY_HOST: optionalString,
  LOGO_URL: optionalString,
  WAIVER_URL: optionalString,
});

export type RawConfig = z.infer<typeof schema>;

export type Config = Omit<
  RawConfig,
  "AVAILABILITY_CACHE_MS" | "LOG_FORMAT" | "HOST" | "SEED_ON_EMPTY" | "CHECK_RESPONSES"
> & {
  AVAILABILITY_CACHE_MS: number;
  /** Pretty only in development by default: production logs JSON (docs/monitoring.md). */
  LOG_FORMAT: "json" | "pretty";
  HOST: string;
  /** Seed the demo venue when the database is empty (the embedded demo only). */
  SEED_ON_EMPTY: boolean;
  /** Answers checked against their contracts (tests); off for npm start and production. */
  CHECK_RESPONSES: boolean;
  /** Session cookies are Secure (and __Host- prefixed): production, or any https PUBLIC_URL. */
  secureCookies: boolean;
  isProduction: boolean;
  publicUrl: string;
  storageDir: string;
  /** The built-in test checkout stands in for Stripe when no key is set; refused in production unless enabled. */
  testCheckoutEnabled: boolean;
  smtpEnabled: boolean;
};

export class ConfigError extends Error {}

/** A production build tried on one's own machine (the bench) may use plain http on loopback. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset (a blank line in a .env file must not break the start).
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ""),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const raw = parsed.data;
  const isProduction = raw.NODE_ENV === "production";
  if (isProduction && !raw.AUTH_SECRET) {
    throw new ConfigError("Invalid configuration:\n  AUTH_SECRET: required when NODE_ENV=production");
  }
  if (isProduction) {
    // Email links (password reset, confirmations) are built from it; a guess breaks them.
    if (!raw.PUBLIC_URL) {
      throw new ConfigError(
        "Invalid configuration:\n  PUBLIC_URL: required when NODE_ENV=production (the https:// address guests use)",
      );
    }
    const url = new URL(raw.PUBLIC_URL);
    if (url.protocol !== "https:" && !LOOPBACK_HOSTS.has(url.hostname)) {
      throw new ConfigError(
        "Invalid configuration:\n  PUBLIC_URL: must start with https:// when NODE_ENV=production",
      );
    }
    if (raw.SEED_ON_EMPTY) {
      throw new ConfigError(
        "Invalid configuration:\n  SEED_ON_EMPTY: demo data never goes into a production database; unset it",
      );
    }
  }
  if (raw.SMTP_HOST && !raw.MAIL_FROM) {
    throw new ConfigError("Invalid configuration:\n  MAIL_FROM: required when SMTP_HOST is set");
  }
  if (raw.STRIPE_SECRET_KEY && !raw.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set",
    );
  }
  if (raw.TWILIO_ACCOUNT_SID && !raw.TWILIO_AUTH_TOKEN) {
    throw new ConfigError(
      "Invalid configuration:\n  TWILIO_AUTH_TOKEN: required when TWILIO_ACCOUNT_SID is set",
    );
  }
  if (raw.TWILIO_ACCOUNT_SID && !raw.TWILIO_FROM && !raw.TWILIO_MESSAGING_SERVICE_SID) {
    throw new ConfigError(
      "Invalid configuration:\n  TWILIO_FROM: a sending number (or TWILIO_MESSAGING_SERVICE_SID) is required when TWILIO_ACCOUNT_SID is set",
    );
  }
  const testCheckoutEnabled =
    !raw.STRIPE_SECRET_KEY && (isProduction ? raw.TEST_CHECKOUT === true : raw.TEST_CHECKOUT !== false);
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, "");
  return {
    ...raw,
    // Issue 30 item 10: with TRUST_PROXY the app believes X-Forwarded-For, so a visitor who reaches
    // it without the proxy writes their own address and steps around every per-address limit. It
    // then listens on loopback only (the proxy's side), unless HOST says otherwise.
    HOST: raw.HOST ?? (isProduction && !raw.TRUST_PROXY ? "0.0.0.0" : "127.0.0.1"),
    SEED_ON_EMPTY: raw.SEED_ON_EMPTY ?? (!isProduction && !raw.DATABASE_URL),
    secureCookies: isProduction || publicUrl.startsWith("https://"),
    // Off in tests, which write rows straight into the database and read availability at once.
    AVAILABILITY_CACHE_MS: raw.AVAILABILITY_CACHE_MS ?? (raw.NODE_ENV === "test" ? 0 : 1000),
    LOG_FORMAT: raw.LOG_FORMAT ?? (raw.NODE_ENV === "development" ? "pretty" : "json"),
    // A check for tests (and the browser tests' server, which sets it): parsing every answer made
    // npm start 3-7x slower than production on the same data (issue 35 item 4, decision 036).
    CHECK_RESPONSES: raw.CHECK_RESPONSES ?? raw.NODE_ENV === "test",
    isProduction,
    publicUrl,
    storageDir: raw.STORAGE_DIR ?? `${raw.DATA_DIR}/storage`,
    testCheckoutEnabled,
    smtpEnabled: Boolean(raw.SMTP_HOST),
  };
}

/** Every variable the server reads (deploy/venue.env.example must list each one). */
export const CONFIG_VARIABLES = Object.keys(schema.shape);
