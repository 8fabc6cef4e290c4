import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/open-database";
import { testServerUrl } from "./kits/test-databases";

// The pool's connections live as long as the process is busy, and each is checked out once per
// transaction. The timeout watch on a checked-out client wrapped its `query` again at every
// checkout, around the wrapper before: a connection checked out about 10,000 times (a busy hour of
// one instance) failed every query with "Maximum call stack size exceeded", and each query was
// slower than the last until then. PostgreSQL only: the embedded database has no pool.
describe.skipIf(!testServerUrl())("a pool connection checked out again and again", () => {
  it("answers its 15,000th transaction like its first", async () => {
    const database = await openDatabase({ url: testServerUrl() ?? undefined, poolSize: 1 });
    try {
      let last: unknown;
      for (let i = 0; i < 15_000; i++) {
        last = await database.db.transaction(async (tx) => {
          const result = (await tx.execute(sql`select ${i}::int as n`)) as unknown as {
            rows: Array<{ n: number }>;
          };
          return result.rows[0]?.n;
        });
      }
      expect(last).toBe(14_999);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("names a statement it runs again and again, so its connection parses and plans it once (issue 35)", async () => {
    const database = await openDatabase({ url: testServerUrl() ?? undefined, poolSize: 1 });
    try {
      for (let i = 0; i < 5; i++) await database.db.execute(sql`select ${i}::int as repeated`);
      await database.db.execute(sql`select ${"once"}::text as once`);
      const prepared = (await database.db.execute(
        sql`select name, statement from pg_prepared_statements order by statement`,
      )) as unknown as { rows: Array<{ name: string; statement: string }> };
      expect(prepared.rows).toEqual([
        { name: expect.stringMatching(/^s_[0-9a-f]{20}$/), statement: "select $1::int as repeated" },
      ]);
    } finally {
      await database.close();
    }
  });
});
