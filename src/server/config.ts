import { z } from "zod";

// Every setting the server reads, validated once at start. A missing or malformed
// value stops the start with a message that names it (see README "Configuration").
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
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().default("./data"),
  STORAGE_DIR: optionalString,
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SEED_ON_EMPTY: bool.default(false),
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

export type Config = Omit<RawConfig, "AVAILABILITY_CACHE_MS"> & {
  AVAILABILITY_CACHE_MS: number;
  isProduction: boolean;
  publicUrl: string;
  storageDir: string;
  /** The built-in test checkout stands in for Stripe when no key is set; refused in production unless enabled. */
  testCheckoutEnabled: boolean;
  smtpEnabled: boolean;
};

export class ConfigError extends Error {}

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
  if (raw.SMTP_HOST && !raw.MAIL_FROM) {
    throw new ConfigError("Invalid configuration:\n  MAIL_FROM: required when SMTP_HOST is set");
  }
  if (raw.STRIPE_SECRET_KEY && !raw.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set",
    );
  }
  const testCheckoutEnabled =
    !raw.STRIPE_SECRET_KEY && (isProduction ? raw.TEST_CHECKOUT === true : raw.TEST_CHECKOUT !== false);
  return {
    ...raw,
    // Off in tests, which write rows straight into the database and read availability at once.
    AVAILABILITY_CACHE_MS: raw.AVAILABILITY_CACHE_MS ?? (raw.NODE_ENV === "test" ? 0 : 1000),
    isProduction,
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ""),
    storageDir: raw.STORAGE_DIR ?? `${raw.DATA_DIR}/storage`,
    testCheckoutEnabled,
    smtpEnabled: Boolean(raw.SMTP_HOST),
  };
}
