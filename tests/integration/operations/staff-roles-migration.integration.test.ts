import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsDir } from "../../../src/server/lib/paths";

// Issue 33, migration 0015: a venue that had is_admin staff before roles existed keeps them. The
// earliest admin becomes the owner and the others managers (what they could do before, less staff
// management); users.is_admin then follows the role.

type Journal = { entries: Array<{ tag: string; when: number }> };
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The migrations folder as it was before 0015 (every entry applied before it). */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), "migrations-"));
  folders.push(folder);
  cpSync(migrationsDir, folder, { recursive: true });
  const path = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(path, "utf8")) as Journal;
  const cut = journal.entries.find((e) => e.tag === tag);
  if (!cut) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.filter((e) => e.when < cut.when);
  writeFileSync(path, JSON.stringify(journal));
  return folder;
}

describe("migration 0015: is_admin becomes a staff role", () => {
  it("makes the earliest admin the owner and the other admins managers; is_admin follows the role", async () => {
    const client = await PGlite.create({ extensions: { btree_gist } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore("0015_staff_roles") });
      await client.exec(`
        insert into users (id, name, email, is_admin, created_at) values
          ('later-admin', 'Later', 'later@example.test', true, '2026-02-01T00:00:00Z'),
          ('first-admin', 'First', 'first@example.test', true, '2026-01-01T00:00:00Z'),
          ('a-member', 'Member', 'member@example.test', false, '2025-12-01T00:00:00Z');
      `);
      await migrate(db, { migrationsFolder: migrationsDir });
      const { rows } = await client.query<{ id: string; staff_role: string | null; is_admin: boolean }>(
        "select id, staff_role, is_admin from users order by id",
      );
      expect(rows).toEqual([
        { id: "a-member", staff_role: null, is_admin: false },
        { id: "first-admin", staff_role: "owner", is_admin: true },
        { id: "later-admin", staff_role: "manager", is_admin: true },
      ]);
      await client.exec("update users set staff_role = null where id = 'later-admin'");
      const after = await client.query<{ is_admin: boolean }>(
        "select is_admin from users where id = 'later-admin'",
      );
      expect(after.rows).toEqual([{ is_admin: false }]);
      await expect(
        client.exec("update users set staff_role = 'admin' where id = 'a-member'"),
      ).rejects.toThrow(/users_staff_role_check/);
    } finally {
      await client.close();
    }
  });
});
