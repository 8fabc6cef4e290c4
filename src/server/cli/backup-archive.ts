import { execFile } from "node:child_process";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

// One backup is one file, venue-backup-<time>.tar.gz, holding (decision record 016):
//   manifest.json       what is inside and where it came from
//   database.pgdump     PostgreSQL: pg_dump's custom format (restored with pg_restore)
//   pglite.tar.gz       embedded database: PGlite's own dump of its data folder
//   storage/            the uploaded files (event photos, logos, waiver) from STORAGE_DIR
// A PostgreSQL dump is consistent while the app runs (pg_dump reads one snapshot). The embedded
// database belongs to one process at a time: the app must be stopped for a backup or restore, and
// both refuse while its data folder is open (issue 30 item 8). A restore into PostgreSQL refuses
// while an app instance is connected to the database (its connections are named venue-app).
// Written by create-backup.ts, read by restore-backup.ts; this file holds what both share.

const execFileAsync = promisify(execFile);

/** Runs a tool; a missing one or a failure becomes a BackupError that says which and why. */
export async function run(tool: string, args: string[]) {
  try {
    return await execFileAsync(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === "ENOENT") {
      throw new BackupError(
        `${tool} was not found; install it (Debian: apt-get install postgresql-client tar).`,
      );
    }
    throw new BackupError(`${tool} failed: ${(e.stderr || e.message).trim()}`);
  }
}

export const BACKUP_FORMAT = 1;

export type Manifest = {
  format: number;
  createdAt: string;
  database: "postgres" | "pglite";
  files: number;
};

export type Source = { databaseUrl?: string; dataDir: string; storageDir: string };

export class BackupError extends Error {}

export const pgliteLocation = (dataDir: string) => join(dataDir, "pgdata");

export async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

export async function countFiles(dir: string): Promise<number> {
  if (!(await exists(dir))) return 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}
