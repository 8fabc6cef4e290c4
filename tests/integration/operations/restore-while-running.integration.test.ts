import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createBackup } from "../../../src/server/cli/create-backup";
import { users } from "../../../src/server/db/schema";
import { createTestApp, type TestApp } from "../kits/harness";
import { cliEnv, runCli } from "../kits/run-cli";

// Issue 30 item 8: `restore --force` ran against a database a live app was using (the app answered
// 2 x 500, then went on with the restored rows under it), and the embedded backup copied the data
// folder while the server had it open, although docs/operations.md says to stop the app first.
// Both now refuse while an app instance uses the database, and say how to stop it.

const outDir = mkdtempSync(join(tmpdir(), "restore-running-"));
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => {});
  rmSync(outDir, { recursive: true, force: true });
});

const archivesIn = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".tar.gz")) : [];

async function stop(app: TestApp) {
  await app.deps.outbox.stop();
  await app.deps.database.close();
}

/** An archive of another venue, taken as the docs say (the embedded database with its app stopped). */
async function backupOfAnotherVenue(): Promise<string> {
  const source = await createTestApp();
  apps.push(source);
  await source.createMember({ firstName: "Restored" });
  if (!source.location.url) await stop(source);
  return createBackup(
    {
      databaseUrl: source.location.url ?? undefined,
      dataDir: source.location.dataDir,
      storageDir: source.deps.config.storageDir,
    },
    join(outDir, "source"),
  );
}

describe("restore and backup while the app runs", () => {
  it("restore --force refuses a database an app instance is using, says how to stop it and changes nothing; with the app stopped it restores", {
    timeout: 120_000,
  }, async () => {
    const archive = await backupOfAnotherVenue();
    const running = await createTestApp();
    apps.push(running);
    await running.createMember({ firstName: "Live" });
    const rowsBefore = await running.db.select().from(users);
    const env = cliEnv(running.location);

    const refused = await runCli("restore", [archive, "--force"], { env });
    expect(refused.code).toBe(1);
    if (running.location.url) {
      expect(refused.stderr).toMatch(/The database is in use by the app \(\d+ connections? of process/);
      expect(refused.stderr).toContain("systemctl stop 'venue@*'");
    } else {
      expect(refused.stderr).toContain(`open in process ${process.pid} (a running server?)`);
      expect(refused.stderr).toContain("Stop it first");
    }
    // Nothing changed under the running app.
    expect(await running.db.select().from(users)).toEqual(rowsBefore);
    expect((await running.request("/api/health")).status).toBe(200);

    await stop(running);
    const restored = await runCli("restore", [archive, "--force"], { env });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Restored the backup of /);
  });

  it("the embedded backup refuses while the server has the data folder open and writes no archive; with it stopped it backs up", {
    timeout: 120_000,
  }, async () => {
    const running = await createTestApp();
    apps.push(running);
    // PostgreSQL is backed up while the app runs (pg_dump reads one snapshot): nothing to refuse.
    if (running.location.url) return;
    const dir = join(outDir, "embedded");
    const env = cliEnv(running.location);
    const refused = await runCli("backup", ["--out", dir], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`open in process ${process.pid} (a running server?)`);
    expect(refused.stderr).toContain("Stop it first");
    expect(archivesIn(dir)).toEqual([]);
    expect((await running.request("/api/health")).status).toBe(200);

    await stop(running);
    const backup = await runCli("backup", ["--out", dir], { env });
    expect(backup.code).toBe(0);
    expect(archivesIn(dir)).toHaveLength(1);
  });
});
