import pg from "pg";

// Issue 30 item 9: with PostgreSQL frozen (no byte answered, as under SIGSTOP or a dead network
// path), /api/health answered 503 in 1.2 s but every other request waited for its own timeout:
// the query's 12 s, the pool's 30 s wait, or the turn of a queue behind such a request (5–12 s
// seen). Short timeouts alone cannot tell a frozen database from a busy one: a rush of payments on
// a loaded machine waits longer than 2 s for a connection and must still be served.
//
// So the pool watches for silence: while anyone waits for the database (a query in flight, a
// caller waiting for a connection) and no answer has come on any connection for `silenceMs`, a
// probe (`select 1`) goes out on a connection of its own. If the database answers it, it is busy,
// not frozen, and everyone goes on waiting (within the configured timeouts). If it does not
// answer within `probeMs`, the database is frozen: every query in flight and every caller waiting
// for a connection fails at once as "database unavailable" (503), and new checkouts fail at once
// until a probe is answered again (one goes out every `probeMs` meanwhile). A frozen database is
// then answered 503 within silenceMs + probeMs (1.5 s by default) however many requests wait.
// An error from the server is an answer too: a database with no connection slot left for the probe
// (FATAL 53300 "too many clients", say) is busy, not frozen, and its callers go on waiting.

export class DatabaseFrozenError extends Error {
  constructor() {
    // "connection timeout": isDatabaseUnavailable (pg-errors.ts) reads it as a 503.
    super("The database did not answer a probe in time: connection timeout (frozen or unreachable)");
    this.name = "DatabaseFrozenError";
  }
}

export type StallWatchOptions = {
  url: string;
  /** Quiet time with someone waiting before a probe goes out (ms). */
  silenceMs: number;
  /** How long the probe (connect and `select 1`) may take before the database counts as frozen (ms). */
  probeMs: number;
  /** Callers waiting for a connection in the pool right now. */
  poolWaiting: () => number;
};

export type StallWatch = ReturnType<typeof createStallWatch>;

/** An error the database server sent (with its SQLSTATE), as opposed to a timeout or a lost socket. */
const isServerError = (err: unknown) => err instanceof pg.DatabaseError;

/** Resolves once the event loop has read what already arrived (a timer can fire before the poll phase). */
const afterPendingIo = () => new Promise((resolve) => setImmediate(resolve));

export function createStallWatch(options: StallWatchOptions) {
  let lastAnswerAt = performance.now();
  let inFlight = 0;
  let frozen = false;
  let probing = false;
  let probeClient: pg.Client | null = null;
  /** What to fail when the database is found frozen: queries in flight and callers waiting. */
  const waiters = new Set<(err: Error) => void>();

  function answered() {
    lastAnswerAt = performance.now();
    frozen = false;
  }

  function dropProbeClient() {
    const client = probeClient;
    probeClient = null;
    if (!client) return;
    client.removeAllListeners("error");
    client.on("error", () => {});
    // The connection still owes an answer (or never opened): end its socket, do not wait.
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    void client.end().catch(() => {});
  }

  async function probeOnce(): Promise<void> {
    if (!probeClient) {
      const client = new pg.Client({
        connectionString: options.url,
        connectionTimeoutMillis: options.probeMs,
      });
      client.on("error", () => {
        if (probeClient === client) probeClient = null;
      });
      probeClient = client;
      await client.connect();
    }
    await probeClient.query("select 1");
  }

  async function probe() {
    probing = true;
    let settled = false;
    const attempt = probeOnce().then(
      () => {
        settled = true;
        return true;
      },
      (err: unknown) => {
        settled = true;
        // Refused with an error of the server's own (a SQLSTATE): it answered, so it is alive. The
        // connection is of no more use; the next probe opens another.
        if (!isServerError(err)) return false;
        dropProbeClient();
        return true;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(async () => {
        // A busy event loop fires the timer before it reads the answer that is already there.
        await afterPendingIo();
        resolve(false);
      }, options.probeMs);
    });
    const ok = await Promise.race([attempt, late]);
    clearTimeout(timer);
    probing = false;
    if (ok || (settled && (await attempt))) {
      answered();
      return;
    }
    dropProbeClient();
    frozen = true;
    const error = new DatabaseFrozenError();
    for (const fail of [...waiters]) fail(error);
    waiters.clear();
  }

  const timer = setInterval(
    () => {
      if (probing) return;
      const waiting = inFlight + options.poolWaiting() + waiters.size;
      const quiet = performance.now() - lastAnswerAt;
      if ((frozen && quiet >= options.probeMs) || (waiting > 0 && quiet >= options.silenceMs)) void probe();
    },
    Math.max(25, Math.floor(options.silenceMs / 4)),
  );
  timer.unref();

  /** Settles with `work`, or fails when the database is found frozen first. */
  function guard<T>(work: Promise<T>, onAbandoned?: () => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let done = false;
      const fail = (err: Error) => {
        if (done) return;
        done = true;
        onAbandoned?.();
        reject(err);
      };
      waiters.add(fail);
      work.then(
        (value) => {
          waiters.delete(fail);
          if (done) return;
          done = true;
          resolve(value);
        },
        (err: unknown) => {
          waiters.delete(fail);
          if (done) return;
          done = true;
          reject(err);
        },
      );
    });
  }

  return {
    /** True from a probe the database did not answer until one it answers. */
    get frozen() {
      return frozen;
    },
    /** A query on a pool connection: counted while in flight; any answer (rows or an error) is one. */
    query<T>(run: () => Promise<T>, onAbandoned: () => void): Promise<T> {
      if (frozen) return Promise.reject(new DatabaseFrozenError());
      if (inFlight === 0 && waiters.size === 0) lastAnswerAt = Math.max(lastAnswerAt, performance.now());
      inFlight++;
      const work = run().then(
        (value) => {
          answered();
          return value;
        },
        (err: unknown) => {
          // A server's error is an answer; a timeout or a lost connection is not.
          if (isServerError(err)) answered();
          throw err;
        },
      );
      return guard(work, onAbandoned).finally(() => {
        inFlight--;
      });
    },
    /** A caller waiting for a connection: fails at once while frozen, or when found frozen. */
    checkout<T>(connect: () => Promise<T>, onAbandoned: (late: Promise<T>) => void): Promise<T> {
      if (frozen) return Promise.reject(new DatabaseFrozenError());
      if (inFlight === 0 && waiters.size === 0) lastAnswerAt = Math.max(lastAnswerAt, performance.now());
      const work = connect();
      return guard(work, () => onAbandoned(work));
    },
    close() {
      clearInterval(timer);
      dropProbeClient();
    },
  };
}
