import { mkdtempSync, rmSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createBackup } from "../../../src/server/cli/create-backup";
import { restoreBackup } from "../../../src/server/cli/restore-backup";
import type { Db } from "../../../src/server/db/client";
import { openDatabase } from "../../../src/server/db/open-database";
import { events, reservations } from "../../../src/server/db/schema";
import { storePhoto } from "../../../src/server/events/event-photo-storage";
import { present } from "../../../src/server/lib/present";
import { createTestApp, demoUsers, queryRows, type TestApp } from "../kits/harness";
import { onServer } from "../kits/test-databases";

// docs/operations.md "Backups": a venue's whole state (every table, every uploaded file) survives a backup
// and a restore into an empty database, on whichever database the run uses.

/** Every table of the app's schemas with its row count and a digest of its rows' full contents. */
async function snapshot(db: Db) {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
         where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, { rows: number; digest: string | null }> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number; digest: string | null }>(
      db,
      sql.raw(
        `select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as digest from ${name} t`,
      ),
    );
    result[name] = present(row, `row count of ${name}`);
  }
  return result;
}

// A real PNG (1×1), checked by content on upload, so it is what the app would have stored.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5f0d1e50000000049454e44ae426082",
  "hex",
);

describe("backup and restore", () => {
  const outDir = mkdtempSync(join(tmpdir(), "backup-test-"));
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    rmSync(outDir, { recursive: true, force: true });
  });

  it("brings back every row and every photo of a venue in an empty database", async () => {
    const source = await createTestApp();
    apps.push(source);
    await source.seedDemo();
    const [event] = await source.db.select().from(events).limit(1);
    const photo = await storePhoto(
      source.deps.config,
      { bytes: new Uint8Array(PNG), kind: "png" },
      new Date(),
    );
    await source.db
      .update(events)
      .set({ photoUrl: photo.url })
      .where(eq(events.id, present(event, "demo event").id));

    const before = await snapshot(source.db);
    expect(before["public.reservations"]?.rows).toBeGreaterThan(0);
    expect(before["public.events"]?.rows).toBeGreaterThan(0);
    expect(before["public.users"]?.rows).toBeGreaterThan(0);
    expect(before["drizzle.__drizzle_migrations"]?.rows).toBeGreaterThan(0);

    // The embedded database is backed up with the app stopped; PostgreSQL while it runs.
    const onPglite = source.location.url === null;
    if (onPglite) {
      await source.deps.outbox.stop();
      await source.deps.database.close();
    }
    const archive = await createBackup(
      {
        databaseUrl: source.location.url ?? undefined,
        dataDir: source.location.dataDir,
        storageDir: source.deps.config.storageDir,
      },
      outDir,
    );
    expect(archive).toMatch(/venue-backup-\d{8}T\d{6}Z\.tar\.gz$/);

    const restored = await createTestApp({
      beforeOpen: async (target) => {
        // An empty database, as a new server or `createdb` gives one.
        if (target.url) {
          await onServer(target.url, (client) =>
            client.query(
              "drop schema public cascade; drop schema if exists drizzle cascade; create schema public",
            ),
          );
        } else {
          await rm(join(target.dataDir, "pgdata"), { recursive: true, force: true });
        }
        const manifest = await restoreBackup(archive, {
          databaseUrl: target.url ?? undefined,
          dataDir: target.dataDir,
          storageDir: join(target.dataDir, "storage"),
        });
        expect(manifest).toMatchObject({ database: onPglite ? "pglite" : "postgres", files: 1 });
      },
    });
    apps.push(restored);

    expect(await snapshot(restored.db)).toEqual(before);
    const [restoredEvent] = await restored.db
      .select()
      .from(events)
      .where(eq(events.id, present(event, "demo event").id));
    const response = await restored.request(present(restoredEvent?.photoUrl, "restored event photo"));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    expect(
      await readFile(join(restored.location.dataDir, "storage", photo.url.replace("/storage/", ""))),
    ).toEqual(PNG);

    // The restored venue works: its admin signs in and sees the same bookings.
    const admin = await restored.signIn(demoUsers.admin.email, demoUsers.admin.password);
    expect((await admin.request("/api/admin/members")).status).toBe(200);
    const count = await restored.db.select().from(reservations);
    expect(count.length).toBe(before["public.reservations"]?.rows);
  });

  it("refuses to restore over a database that is not empty", async () => {
    const source = await createTestApp();
    apps.push(source);
    if (source.location.url === null) {
      await source.deps.outbox.stop();
      await source.deps.database.close();
    }
    const archive = await createBackup(
      {
        databaseUrl: source.location.url ?? undefined,
        dataDir: source.location.dataDir,
        storageDir: source.deps.config.storageDir,
      },
      join(outDir, "second"),
    );
    const target = await createTestApp();
    apps.push(target);
    await target.createMember();
    const rowsBefore = await snapshot(target.db);
    // Restore refuses a database the app is using (issue 30 item 8): the app is stopped first.
    await target.deps.outbox.stop();
    await target.deps.database.close();
    await expect(
      restoreBackup(archive, {
        databaseUrl: target.location.url ?? undefined,
        dataDir: target.location.dataDir,
        storageDir: target.deps.config.storageDir,
      }),
    ).rejects.toThrow(/not empty|already holds a database/);
    if (target.location.url !== null) {
      const direct = await openDatabase({ url: target.location.url, poolSize: 1 });
      try {
        expect(await snapshot(direct.db)).toEqual(rowsBefore);
      } finally {
        await direct.close();
      }
    }
  });
});
