import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Auth } from "./auth/auth";
import type { SessionUser } from "./auth/session-user";
import type { Database, Db } from "./db/client";
import type { Outbox } from "./email/outbox";
import type { ScheduleChanges } from "./kernel/schedule/schedule-changes";
import type { Config } from "./lib/config";
import type { Logger } from "./lib/logger";
import type { Metrics } from "./observability/metrics";
import type { PaymentProvider } from "./payment-provider";
import type { SmsOutbox } from "./sms/sms-outbox";

// The dependencies type sits at the top of src/server, beside the composition root that builds it
// (bootstrap.ts). It names the adapters (db, auth, email, sms, payments, metrics) and the kernel's schedule
// changes, so none of those imports it back: the kernel takes what it needs as arguments. Features, the
// payment spine and the HTTP edge import it (ARCHITECTURE.md "Folder rules").

/** Everything a route or use case may need, created once at start (and per test). */
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  logger: Logger;
  outbox: Outbox;
  /** Text messages (reminders, court alerts), through the sms_outbox table. */
  sms: SmsOutbox;
  /** Stripe, the built-in test checkout, or null when online payment is not configured. */
  payments: PaymentProvider | null;
  /** The current instant; tests pin it. */
  now: () => Date;
  /** "The schedule changed": the availability cache and every cache cleared with it, in all instances. */
  schedule: ScheduleChanges;
  /** Prometheus metrics of this instance (src/server/observability/metrics.ts). */
  metrics: Metrics;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: SessionUser | null;
    requestId: string;
  };
};

export type App = OpenAPIHono<AppEnv>;
