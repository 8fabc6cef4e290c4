import { sql } from "drizzle-orm";
import { present } from "../../../src/server/lib/present";
import type { PaymentProvider } from "../../../src/server/payment-provider";
import { queryRows, type TestApp } from "./harness";

// Two requests that refund the same payment at once, made to overlap at the provider (not a test
// file itself; closure-refund-lock-order.integration.test.ts).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The next provider refund stops halfway (its transaction holds what it locked) until `release`;
 * `started` resolves when it has started.
 */
function pauseNextRefund(provider: PaymentProvider) {
  const realRefund = provider.refund;
  let entered!: () => void;
  let release!: () => void;
  const started = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  provider.refund = async (input) => {
    provider.refund = realRefund;
    entered();
    await released;
    return realRefund.call(provider, input);
  };
  return { started, release };
}

/**
 * On PostgreSQL: until the other request waits for a row lock the paused one holds (so the two
 * really overlap). PGlite runs one transaction at a time: the other request waits for the
 * connection instead, and a while is all there is to wait for.
 */
async function untilTheOtherWaits(t: TestApp) {
  if (!t.location.url) return sleep(1000);
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (Number(row?.n) > 0) return;
    await sleep(25);
  }
  throw new Error("the other request never waited for a lock");
}

/**
 * `first` is started and paused inside its provider refund, holding its locks; `second` is started
 * meanwhile and left until it waits on them; then the refund goes on. Both answers, in that order.
 */
export async function raceAtProviderRefund(
  t: TestApp,
  first: () => Promise<Response>,
  second: () => Promise<Response>,
): Promise<[Response, Response]> {
  const pause = pauseNextRefund(present(t.deps.payments));
  const firstAnswer = first();
  await pause.started;
  const secondAnswer = second();
  await untilTheOtherWaits(t);
  pause.release();
  return Promise.all([firstAnswer, secondAnswer]);
}
