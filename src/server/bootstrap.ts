import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Transporter } from "nodemailer";
import { createAuth } from "./auth/auth";
import { forgetScheduleReads } from "./booking/shared-schedule-reads";
import { CHANNELS } from "./db/notify-bus";
import { openDatabase } from "./db/open-database";
import type { AppDeps } from "./deps";
import { createOutbox, type MailTransport } from "./email/outbox";
import { resetPasswordEmail } from "./email/templates/reset-password";
import { createScheduleChanges } from "./kernel/schedule/schedule-changes";
import { ensureManagerPassword } from "./kernel/staff/ensure-manager-password";
import type { Config } from "./lib/config";
import type { Logger } from "./lib/logger";
import { createMetrics } from "./observability/metrics";
import type { PaymentProvider } from "./payment-provider";
import { createPaymentProvider } from "./payments/create-payment-provider";
import { adoptConfiguredPriceIds } from "./settings/membership-plans";
import { forgetVenueRules } from "./settings/venue-rules-cache";
import { loadVenueIdentity } from "./settings/venue-settings";
import { createSmsOutbox } from "./sms/sms-outbox";
import { createTwilioSender, type SmsSender } from "./sms/sms-sender";

/** Without AUTH_SECRET (development only), a random secret is kept in the data folder, never committed. */
function authSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (config.DATA_DIR.startsWith("memory://")) return randomBytes(32).toString("hex");
  const file = join(config.DATA_DIR, ".auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The SMTP transport, created at the first email sent: nodemailer is some 3 MB of the server's
 * memory, loaded only when there is mail to deliver (decision record 025).
 */
function smtpTransport(config: Config): MailTransport | null {
  const host = config.SMTP_HOST;
  if (!host) return null;
  let transporter: Promise<Transporter> | null = null;
  const open = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import("nodemailer");
    return nodemailer.createTransport({
      host,
      port: config.SMTP_PORT,
      secure: config.SMTP_SECURE,
      auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS ?? "" } : undefined,
      // A mail server that stops answering must not hold the outbox worker for minutes per email
      // (nodemailer waits 2 min to connect and 10 min on a silent socket by default); the email
      // stays in the outbox and is retried with backoff.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
  };
  return {
    async sendMail(mail) {
      // A failed load is not kept: the outbox's next attempt tries again.
      transporter ??= open().catch((err: unknown) => {
        transporter = null;
        throw err;
      });
      return (await transporter).sendMail(mail);
    },
  };
}

function twilioSender(config: Config): SmsSender | null {
  if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN) return null;
  return createTwilioSender({
    accountSid: config.TWILIO_ACCOUNT_SID,
    authToken: config.TWILIO_AUTH_TOKEN,
    from: config.TWILIO_FROM,
    messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
    apiBase: config.TWILIO_API_BASE,
  });
}

export type DepsOverrides = {
  now?: () => Date;
  transport?: MailTransport | null;
  /** The SMS provider; by default Twilio when configured, else none (texts stay at /dev/sms). */
  smsSender?: SmsSender | null;
  databaseUrl?: string | null;
  payments?: PaymentProvider | null;
  /** Process-wide metrics (CPU, memory, event loop); once per process, so only the server turns them on. */
  defaultMetrics?: boolean;
};

/** Opens the database (running migrations) and wires every adapter the routes use. */
export async function createDeps(
  config: Config,
  logger: Logger,
  overrides: DepsOverrides = {},
): Promise<AppDeps> {
  const url =
    overrides.databaseUrl === undefined ? config.DATABASE_URL : (overrides.databaseUrl ?? undefined);
  const database = await openDatabase({
    url,
    dataDir: config.DATA_DIR,
    poolSize: config.DB_POOL_SIZE,
    timeouts: {
      connectMs: config.DB_CONNECT_TIMEOUT_MS,
      poolWaitMs: config.DB_POOL_WAIT_MS,
      statementMs: config.DB_STATEMENT_TIMEOUT_MS,
      stallMs: config.DB_STALL_MS,
    },
  });
  await database.migrate();
  // The shared staff secret from MANAGER_PASSWORD, hashed, when none is set yet (SPEC §6).
  await ensureManagerPassword(database.db, config.MANAGER_PASSWORD);
  // STRIPE_PRICE_* are first-run defaults: plans without a price id take them (issue 32 item 3).
  await adoptConfiguredPriceIds(database.db, {
    monthly: config.STRIPE_PRICE_MONTHLY,
    annual: config.STRIPE_PRICE_ANNUAL,
  });
  const now = overrides.now ?? (() => new Date());
  const db = database.db;
  const transport = overrides.transport !== undefined ? overrides.transport : smtpTransport(config);
  const outbox = createOutbox({ db, logger, transport, from: config.MAIL_FROM ?? "no-reply@localhost", now });
  const smsSender = overrides.smsSender !== undefined ? overrides.smsSender : twilioSender(config);
  const sms = createSmsOutbox({ db, logger, sender: smsSender, now });
  const secret = authSecret(config);
  const auth = createAuth({
    db,
    secret,
    baseUrl: config.publicUrl,
    secureCookies: config.secureCookies,
    logger,
    sendResetPassword: async ({ email, firstName, token }) => {
      const venue = await loadVenueIdentity(db, config);
      const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
      await outbox.enqueue(db, {
        to: email,
        ...resetPasswordEmail({ venueName: venue.venueName, firstName, link }),
      });
    },
  });
  const payments =
    overrides.payments !== undefined ? overrides.payments : createPaymentProvider(config, secret);
  // A schedule change, here or in another instance, clears the availability cache and the holds'
  // shared schedule reads (which may keep refusing after a change that only took places).
  const schedule = await createScheduleChanges(database, {
    availabilityCacheMs: config.AVAILABILITY_CACHE_MS,
    logger,
  });
  schedule.onChange((change) => {
    if (change === "places-taken") return;
    forgetScheduleReads(db);
    // The venue's rules (issue 31) are read again after any other change.
    forgetVenueRules(db);
  });
  // Other instances' queued emails wake this instance's outbox worker (docs/decisions/017). Only
  // when there is something to wake.
  if (transport) await database.listen(CHANNELS.outbox, () => outbox.nudge());
  if (smsSender) await database.listen(CHANNELS.outbox, () => sms.nudge());
  const metrics = createMetrics({ token: config.METRICS_TOKEN, defaultMetrics: overrides.defaultMetrics });
  return { config, database, db, auth, logger, outbox, sms, payments, now, schedule, metrics };
}
