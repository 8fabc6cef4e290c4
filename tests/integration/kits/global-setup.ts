import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../../src/server/db/open-database";
import { projectRoot } from "../../../src/server/lib/paths";
import { bundleServerEntries } from "./server-entries";
import { databaseUrl, dropDatabase, onServer, quoteIdentifier, testServerUrl } from "./test-databases";

/**
 * Migrates one template database per run; each test app copies it (harness.ts), which takes a
 * fraction of the time of starting and migrating a database per test.
 * - PostgreSQL (TEST_DATABASE_URL set): database t_base_<pid>, copies named t_<pid>_<random>.
 * - Embedded PGlite: a data folder in a temporary run folder, copied per test app.
 * Also bundles the server's entry points once, for the tests that start it as a process
 * (server-entries.ts).
 */
export default async function setup(project: TestProject) {
  const runDir = mkdtempSync(join(tmpdir(), "venue-integration-"));
  project.provide("testRunDir", runDir);
  const entriesDir = join(projectRoot, ".tmp", `integration-entries-${process.pid}`);
  const removeEntries = await bundleServerEntries(entriesDir);
  project.provide("serverEntriesDir", entriesDir);
  const serverUrl = testServerUrl();
  const teardown = serverUrl ? await setupPostgres(project, serverUrl) : await setupPglite(project, runDir);
  return async () => {
    try {
      await teardown();
    } finally {
      removeEntries();
      // Every test app's folder (and PGlite copy) lives here, so this removes any a test left behind.
      rmSync(runDir, { recursive: true, force: true });
    }
  };
}

async function setupPostgres(project: TestProject, serverUrl: string) {
  const template = `t_base_${process.pid}`;
  const prefix = `t_${process.pid}_`;
  await onServer(serverUrl, async (client) => {
    await dropDatabase(client, template);
    await client.query(`CREATE DATABASE ${quoteIdentifier(template)}`);
  });
  const database = await openDatabase({ url: databaseUrl(serverUrl, template), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide("testDatabaseTemplate", template);
  project.provide("testDatabasePrefix", prefix);

  return async () => {
    await onServer(serverUrl, async (client) => {
      // Each copy is dropped by its app's close(); a failed or interrupted test may leave one behind.
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where starts_with(datname, $1)",
        [prefix],
      );
      for (const row of rows) await dropDatabase(client, row.datname);
      await dropDatabase(client, template);
    });
  };
}

async function setupPglite(project: TestProject, runDir: string) {
  const templateDir = join(runDir, "template");
  const database = await openDatabase({ dataDir: templateDir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide("pgliteTemplateDir", templateDir);
  return async () => {};
}
