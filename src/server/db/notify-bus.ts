import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import type { Logger } from "../lib/logger";

/**
 * Cross-process signals through the database (PostgreSQL LISTEN/NOTIFY; PGlite has the same
 * statements in-process), so N app instances need no server of their own to tell each other "the
 * schedule changed" or "an email is due". A notification sent inside a transaction is delivered at
 * its commit, and never if it rolls back. Notifications are hints: a listener that lost its
 * connection is told `reconnected` (it may have missed some) and should assume everything changed.
 */
export const CHANNELS = {
  /** The schedule changed (src/server/kernel/schedule/schedule-changes.ts owns what it says). */
  availability: "venue_availability",
  outbox: "venue_outbox",
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/**
 * A connection or a transaction (`Db` or `Tx` of ./client). Named by shape, because client.ts
 * imports this file's `Listen`: a type import back would make the two files a cycle.
 */
type Executor = { execute(query: SQL): PromiseLike<unknown> };

/** Sends a notification on `channel` from the caller's connection (inside its transaction, if any). */
export async function notify(executor: Executor, channel: Channel, payload = ""): Promise<void> {
  await executor.execute(sql`select ${notification(channel, payload)}`);
}

/**
 * The notification as an expression, for a column of a statement a transaction makes anyway (no
 * round trip of its own); like any notification sent in a transaction, delivered at its commit.
 */
export function notification(channel: Channel, payload = ""): SQL {
  return sql`pg_notify(${channel}, ${payload})`;
}

/** The handler is given the notification's payload ("" after a reconnect: assume anything changed). */
export type Listen = (channel: Channel, handler: (payload: string) => void) => Promise<void>;

export type Listener = { listen: Listen; close(): Promise<void> };

/** PGlite: one process, one database; its own listen() delivers what this process sends. */
export function pgliteListener(client: {
  listen(channel: string, cb: (payload: string) => void): Promise<(() => Promise<void>) | unknown>;
}): Listener {
  const stops: Array<() => Promise<void>> = [];
  return {
    async listen(channel, handler) {
      const stop = await client.listen(channel, (payload) =>
        handler(typeof payload === "string" ? payload : ""),
      );
      if (typeof stop === "function") stops.push(stop as () => Promise<void>);
    },
    async close() {
      await Promise.all(stops.splice(0).map((stop) => stop().catch(() => {})));
    },
  };
}

const RECONNECT_MS = 1000;

/**
 * PostgreSQL: one dedicated connection per process, outside the pool (a pooled connection would
 * stop listening when it is handed to someone else). When it drops, it reconnects every second
 * and then calls every handler once, since notifications sent meanwhile are lost.
 */
export function postgresListener(url: string, logger?: Logger, applicationName?: string): Listener {
  const handlers = new Map<string, Array<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const fire = (channel: string, payload = "") => {
    for (const handler of handlers.get(channel) ?? []) handler(payload);
  };

  const connect = async (isReconnect: boolean) => {
    const next = new pg.Client({ connectionString: url, application_name: applicationName });
    next.on("notification", (message) => fire(message.channel, message.payload ?? ""));
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners("notification");
      next.end().catch(() => {});
      scheduleReconnect();
    };
    next.on("error", (err) => {
      logger?.warn({ err: err.message }, "database notification listener lost its connection");
      lost();
    });
    next.on("end", lost);
    await next.connect();
    for (const channel of handlers.keys()) await next.query(`LISTEN ${quoteChannel(channel)}`);
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (isReconnect) {
      logger?.info("database notification listener reconnected");
      for (const channel of handlers.keys()) fire(channel);
    }
  };

  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect(true).catch(() => scheduleReconnect());
    }, RECONNECT_MS);
    retry.unref();
  };

  return {
    async listen(channel, handler) {
      const known = handlers.get(channel);
      if (known) {
        known.push(handler);
        return;
      }
      handlers.set(channel, [handler]);
      if (!client) {
        connecting ??= connect(false).finally(() => {
          connecting = null;
        });
        await connecting;
      }
      // Again after a connect that began before this channel was added (LISTEN twice is harmless).
      await client?.query(`LISTEN ${quoteChannel(channel)}`);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

// Channel names are the constants above; LISTEN takes an identifier, not a parameter.
function quoteChannel(channel: string): string {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Unexpected channel name: ${channel}`);
  return channel;
}
