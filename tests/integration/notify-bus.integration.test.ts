import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/client";
import { CHANNELS, notify } from "../../src/server/db/notify-bus";
import { openDatabase } from "../../src/server/db/open-database";
import { present } from "../../src/server/lib/present";
import { createTestDatabase, queryRows } from "./kits/harness";
import { testServerUrl } from "./kits/test-databases";

// The signals several instances send each other through the database (decision 017): delivered at
// commit, never for a rollback, on PGlite in-process and on PostgreSQL across connections — and a
// listener whose connection was cut comes back and says so.

let copy: Awaited<ReturnType<typeof createTestDatabase>>;
let a: Database;

beforeAll(async () => {
  copy = await createTestDatabase();
  a = await openDatabase({ url: copy.url ?? undefined, dataDir: copy.dataDir, poolSize: 2 });
});
afterAll(async () => {
  await a?.close();
  await copy?.drop();
});

async function until(condition: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  return condition();
}

describe("notify bus", () => {
  it("delivers a notification sent in a transaction at its commit, and none for a rollback", async () => {
    let heard = 0;
    await a.listen(CHANNELS.outbox, () => heard++);
    await a.db
      .transaction(async (tx) => {
        await notify(tx, CHANNELS.outbox);
        throw new Error("roll back");
      })
      .catch(() => {});
    await a.db.transaction(async (tx) => {
      await notify(tx, CHANNELS.outbox);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toBe(0);
    });
    expect(await until(() => heard === 1, 2000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toBe(1);
  });

  it.skipIf(!testServerUrl())(
    "PostgreSQL: another instance hears it, and a cut listener reconnects and reports it (skipped on PGlite: one process)",
    async () => {
      const b = await openDatabase({ url: present(copy.url, "PostgreSQL database URL"), poolSize: 1 });
      try {
        let heard = 0;
        await b.listen(CHANNELS.availability, () => heard++);
        await notify(a.db, CHANNELS.availability);
        expect(await until(() => heard === 1, 2000)).toBe(true);

        // The listening connection is cut, as a database restart or a proxy would cut it.
        const [listener] = await queryRows<{ pid: number }>(
          a.db,
          sql`select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN venue_availability'`,
        );
        expect(listener).toBeDefined();
        await a.db.execute(
          sql`select pg_terminate_backend(${present(listener, "listening connection").pid})`,
        );
        // Notifications sent while it was away are lost; the reconnect reports "assume it changed".
        expect(await until(() => heard === 2, 5000)).toBe(true);
        await notify(a.db, CHANNELS.availability);
        expect(await until(() => heard === 3, 2000)).toBe(true);
      } finally {
        await b.close();
      }
    },
  );
});
