import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Auth } from "../auth/auth";
import type { Config } from "../config";
import type { Database, Db } from "../db/client";
import type { Outbox } from "../email/outbox";
import type { Logger } from "../logger";
import type { Metrics } from "../observability/metrics";
import type { PaymentProvider } from "../payments/payment-provider";
import type { SmsOutbox } from "../sms/sms-outbox";
import type { SlotContextCache } from "./schedule/slot-context-cache";

export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  isMember: boolean;
  isAdmin: boolean;
  isFrozen: boolean;
  sessionToken: string;
};

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
  /** The public availability lookup's read cache; cleared by every state-changing request. */
  availabilityCache: SlotContextCache;
  /** Prometheus metrics of this instance (src/server/observability/metrics.ts). */
  metrics: Metrics;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: SessionUser | null;
    requestId: string;
    /**
     * Set by a write that only took places (a new hold): the holds' shared schedule reads stay
     * valid, since they can only refuse (docs/decisions/024). Unset: anything may have changed.
     */
    onlyTookPlaces?: boolean;
  };
};

export type App = OpenAPIHono<AppEnv>;
