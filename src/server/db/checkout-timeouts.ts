import type pg from "pg";
import type { StallWatch } from "./stall-watch";

const watched = new WeakMap<pg.PoolClient, { timedOut: boolean }>();

/**
 * A query that timed out on our side leaves its answer owed by the server: the connection is
 * discarded at release rather than handed to the next request with that backlog. The client's
 * `query` is wrapped once, on its first checkout, and the flag is reset at every checkout. (It
 * was wrapped again at every checkout, around the wrapper before: each query then went through
 * one closure per earlier checkout, slower and slower, until a connection checked out about
 * 10,000 times failed every query with "Maximum call stack size exceeded";
 * tests/integration/pool-checkouts.integration.test.ts.)
 */
export function watchTimeouts(client: pg.PoolClient, watch: StallWatch | null): { timedOut: boolean } {
  const known = watched.get(client);
  if (known) return known;
  const state = { timedOut: false };
  watched.set(client, state);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    // The callback form is not drizzle's; it goes straight through.
    if (typeof args[args.length - 1] === "function") return query(...args);
    // Once a query of this checkout timed out, the connection still owes its answer and every
    // later query would queue behind it for a timeout of its own (a transaction's ROLLBACK
    // doubled a frozen database's wait): they fail at once, and the client is discarded.
    if (state.timedOut) {
      return Promise.reject(new Error("Query read timeout (an earlier query of this connection timed out)"));
    }
    const run = () =>
      (query(...args) as Promise<unknown>).catch((err: unknown) => {
        if (err instanceof Error && /Query read timeout/.test(err.message)) state.timedOut = true;
        throw err;
      });
    if (!watch) return run();
    return watch.query(run, () => {
      state.timedOut = true;
    });
  }) as typeof client.query;
  return state;
}
