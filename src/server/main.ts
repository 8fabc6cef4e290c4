import { Server as HttpServer } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import { endDueComps } from "./admin/comp-membership";
import { createApp } from "./app";
import { warmUpBookingPath } from "./booking/warm-up";
import { createDeps } from "./bootstrap";
import { findDemoAccounts } from "./demo/demo-data";
import { DEMO_USERS, isDatabaseEmpty, seedDatabase } from "./demo/seed";
import { devStartLine } from "./dev/dev-start-line";
import { sweepEventWaitlists } from "./events/sweep-event-waitlists";
import { createBackgroundJobs } from "./jobs/background-jobs";
import { ConfigError, loadConfig } from "./lib/config";
import { createLogger, wantsColour } from "./lib/logger";
import { productionRefusal } from "./startup-checks";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Development's console is for a person: one line when ready (devStartLine), warnings, and a
  // short line per request. Elsewhere the start is logged as JSON entries, as log shippers read it.
  const pretty = config.LOG_FORMAT === "pretty";
  const logger = createLogger(config.LOG_LEVEL, pretty);
  const deps = await createDeps(config, logger, { defaultMetrics: true });
  if (!pretty) logger.info({ database: deps.database.kind }, "database ready");

  // Demo data only for the embedded demo (SEED_ON_EMPTY is refused in production by the config).
  if (config.SEED_ON_EMPTY && !config.isProduction && (await isDatabaseEmpty(deps.db))) {
    const credentials = await seedDatabase(deps.db, deps.auth, deps.now());
    if (!pretty) {
      logger.info("empty database: demo data seeded");
      for (const line of credentials) console.log(line);
    }
  }
  const refusal = await productionRefusal(deps);
  if (refusal) {
    console.error(refusal);
    await deps.database.close();
    process.exit(1);
  }

  const app = createApp(deps);
  // Requests still being handled; shutdown waits for them even when their client has gone away,
  // so none of them meets a closed database.
  let inFlight = 0;
  const fetch: typeof app.fetch = async (...args) => {
    inFlight++;
    try {
      return await app.fetch(...args);
    } finally {
      inFlight--;
    }
  };
  // A deep accept queue (issue 16, the rush): a thousand players arriving in the same second must
  // wait their turn, not have their connections reset when Node's default queue of 511 overflows.
  const server = createAdaptorServer({ fetch });
  // Idle keep-alive connections stay open longer than a client (or a proxy) keeps them. With Node's
  // 5 s, a client under load reused a connection the server had just closed and its request was
  // reset: 171 ECONNRESET in the embedded rush (issue 16, docs/decisions/024). The header timeout
  // must stay above the keep-alive one (Node's documented pairing).
  if (server instanceof HttpServer) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  const demoEmails = pretty ? new Set(await findDemoAccounts(deps.db)) : new Set<string>();
  // The booking path once before listening, so /api/health answers only when a rush would meet it
  // warm; bounded by WARM_UP_MS, and nothing is written (booking/warm-up.ts, decision 036).
  const { report: warmUp } = await warmUpBookingPath(deps, app, { budgetMs: config.WARM_UP_MS });
  if (warmUp.timedOut) logger.warn(warmUp, "booking path warm-up cut short by WARM_UP_MS");
  else if (!pretty) logger.info(warmUp, "booking path warmed");
  server.listen({ port: config.PORT, host: config.HOST, backlog: 4096 }, () => {
    if (pretty) {
      const demo = DEMO_USERS.filter((u) => demoEmails.has(u.email));
      console.log(devStartLine(config.publicUrl, demo, wantsColour()));
      return;
    }
    const address = server.address();
    logger.info(
      {
        host: config.HOST,
        port: typeof address === "object" && address ? address.port : config.PORT,
        url: config.publicUrl,
        testCheckout: config.testCheckoutEnabled,
        smtp: config.smtpEnabled,
      },
      "listening",
    );
  });
  deps.outbox.start();
  deps.sms.start();
  const jobs = createBackgroundJobs(deps, [
    // Issue 15 §1, §4: abandoned event registrations, lapsed waitlist offers, freed places offered.
    {
      name: "event-waitlists",
      intervalMs: deps.config.HOLD_SWEEP_INTERVAL_MS,
      run: () => sweepEventWaitlists(deps),
    },
    // Issue 32 item 3: comped memberships end when their time is up.
    { name: "comp-memberships", intervalMs: 60_000, run: () => endDueComps(deps).then(() => undefined) },
  ]);
  jobs.start();

  // Graceful shutdown: stop accepting, let requests in flight finish, then close the database.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      await jobs.stop();
      await deps.outbox.stop();
      await deps.sms.stop();
      await deps.database.close();
      logger.info("stopped");
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
