import pg from "pg";
import { watchTimeouts } from "./checkout-timeouts";
import type { StallWatch } from "./stall-watch";

/**
 * The pool drizzle's transactions check clients out of. The pool itself listens only to idle
 * clients; a checked-out client whose connection drops (database restart, terminated backend)
 * emits 'error' too, which would crash the process unheard. And drizzle releases a transaction's
 * client only once its BEGIN succeeded: a connection lost at BEGIN would keep its place in the
 * pool for good, until every query waits forever. So such a client is handed back (and
 * discarded) as soon as its connection fails; the caller's own release is then a no-op.
 */
export class ResilientPool extends pg.Pool {
  /** Tells a frozen database from a busy one (stall-watch.ts); set once the pool exists. */
  watch: StallWatch | null = null;

  /**
   * drizzle's queries outside a transaction come here (pg-pool's query checks a client out and
   * queries it with callbacks, past the watch): the promise form checks out and queries through
   * the watched paths instead, and discards the client on an error, as pg-pool does.
   */
  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool's query has many overloads; this passes them through.
  override query(...args: any[]): any {
    if (!this.watch || typeof args[args.length - 1] === "function") {
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    return this.connect().then(async (client) => {
      try {
        const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
        client.release();
        return result;
      } catch (err) {
        client.release(err instanceof Error ? err : true);
        throw err;
      }
    });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | undefined {
    // The callback form is the pool's own pool.query(), which listens and releases by itself.
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    const watch = this.watch;
    const connected = watch
      ? watch.checkout(
          () => super.connect(),
          // Given up on (the database was found frozen): the connection, when it comes, is discarded.
          (late) => void late.then((client) => client.release(true)).catch(() => {}),
        )
      : super.connect();
    return connected.then((client) => {
      const release = client.release;
      let released = false;
      const checkout = watchTimeouts(client, watch);
      checkout.timedOut = false;
      const releaseOnce = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener("error", onError);
        release(err ?? (checkout.timedOut ? new Error("query timed out") : undefined));
      };
      const onError = (err: Error) => releaseOnce(err);
      client.on("error", onError);
      client.release = releaseOnce;
      return client;
    });
  }
}
