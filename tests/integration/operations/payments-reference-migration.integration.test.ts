import { randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsDir } from "../../../src/server/lib/paths";
import { databaseUrl, dropDatabase, onServer, quoteIdentifier, testServerUrl } from "../kits/test-databases";

// Migration 0012 (issue 29 item 2): payments keep one reference instead of hold_id, registration_id
// and signup_id. A database migrated before it, with payments of every purpose, keeps every row and
// each row's reference is the column its purpose used, on whichever database the run uses.

type AnyDb = PgDatabase<PgQueryResultHKT>;

/** The migrations folder as it was before 0012: its files and a journal ending at 0011. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), "migrations-before-"));
  mkdirSync(join(dir, "meta"));
  const journal = JSON.parse(readFileSync(join(migrationsDir, "meta", "_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string; when: number }[];
  };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, cut);
  for (const e of entries) copyFileSync(join(migrationsDir, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

async function openDatabase(): Promise<{
  db: AnyDb;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}> {
  const server = testServerUrl();
  if (!server) {
    const client = await PGlite.create({ extensions: { btree_gist } });
    const db = drizzlePglite(client) as unknown as AnyDb;
    return {
      db,
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `payments_migration_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await onServer(server, (c) => c.query(`CREATE DATABASE ${quoteIdentifier(name)}`));
  const client = new pg.Client({ connectionString: databaseUrl(server, name) });
  await client.connect();
  return {
    db: drizzleNodePg(client) as unknown as AnyDb,
    migrate: (folder) => migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await onServer(server, (c) => dropDatabase(c, name));
    },
  };
}

const rows = async <T>(db: AnyDb, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

describe("migration 0012: one reference per payment", () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it("keeps every payment and moves each purpose's column into reference", async () => {
    const before = migrationsBefore("0012_checkout_purposes");
    cleanup.push(() => rmSync(before, { recursive: true, force: true }));
    const database = await openDatabase();
    cleanup.push(database.close);
    await database.migrate(before);

    const [holdId, registrationId, signupId] = [randomUUID(), randomUUID(), randomUUID()];
    // The rows the old columns pointed at do not matter to the move: their foreign keys are off
    // while these rows are written, as a restore writes them.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into payments (provider, purpose, amount_cents, state, provider_session_id, hold_id, registration_id, signup_id)
        values ('test', 'reservation', 6750, 'completed', 'cs_a', ${holdId}, null, null),
               ('stripe', 'event_registration', 1500, 'created', 'cs_b', null, ${registrationId}, null),
               ('stripe', 'membership', 7900, 'refunded', 'cs_c', null, null, ${signupId}),
               ('test', 'event_registration', 1500, 'expired', 'cs_d', null, null, null)`);
    });

    await database.migrate(migrationsDir);

    const after = await rows<Record<string, unknown>>(
      database.db,
      sql`select * from payments order by provider_session_id`,
    );
    expect(
      after.map((r) => [r.provider_session_id, r.purpose, r.reference, r.state, r.amount_cents]),
    ).toEqual([
      ["cs_a", "reservation", holdId, "completed", 6750],
      ["cs_b", "event_registration", registrationId, "created", 1500],
      ["cs_c", "membership", signupId, "refunded", 7900],
      ["cs_d", "event_registration", null, "expired", 1500],
    ]);
    for (const row of after) {
      expect(row).not.toHaveProperty("hold_id");
      expect(row).not.toHaveProperty("registration_id");
      expect(row).not.toHaveProperty("signup_id");
      expect(row.checkout).toBeNull();
    }
    // A purpose is declared in code now: a new one needs no migration.
    await database.db.execute(
      sql`insert into payments (provider, purpose, amount_cents, reference) values ('test', 'a_new_purpose', 100, ${randomUUID()})`,
    );
  });
});
