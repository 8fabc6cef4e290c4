import { demoDataRefusal, findDemoAccounts } from "./demo/demo-data";
import type { AppDeps } from "./deps";

/**
 * What a production start must not run with, checked once the database is open: the demo
 * accounts (their passwords are in the README). Returns the message to stop with, or null.
 * Also warns about what it runs without: no payment provider means no online booking.
 */
export async function productionRefusal(deps: AppDeps): Promise<string | null> {
  const { config, logger } = deps;
  if (!config.isProduction) return null;
  if (!deps.payments) {
    logger.warn(
      "no payment provider (STRIPE_SECRET_KEY unset): online payment is unavailable; the booking screen shows the venue's phone and no hold is created",
    );
  }
  const demo = await findDemoAccounts(deps.db);
  if (demo.length === 0) return null;
  if (config.ALLOW_DEMO_DATA) {
    logger.warn({ accounts: demo }, "demo accounts present and ALLOW_DEMO_DATA=true: for benchmarks only");
    return null;
  }
  return demoDataRefusal(demo);
}
