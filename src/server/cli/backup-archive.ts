import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import pg from "pg";
import { DatabaseInUseError, lockDataDir } from "../db/data-dir-lock";
import { APP_CONNECTION_NAME } from "../db/open-postgres";

// One backup is one file, venue-backup-<time>.tar.gz, holding (decision record 016):
//   manifest.json       what is inside and where it came from
//   database.pgdump     PostgreSQL: pg_dump's custom format (restored with pg_restore)
//   pglite.tar.gz       embedded database: PGlite's own dump of its data folder
//   storage/            the uploaded files (event photos, logos, waiver) from STORAGE_DIR
// A PostgreSQL dump is consistent while the app runs (pg_dump reads one snapshot). The embedded
// database belongs to one process at a time: the app must be stopped for a backup or restore, and
// both refuse while its data folder is open (issue 30 item 8). A restore into PostgreSQL refuses
// while an app instance is connected to the database (its connections are named venue-app).

const execFileAsync = promisify(execFile);

/** Runs a tool; a missing one or a failure becomes a BackupError that says which and why. */
async function run(tool: string, args: string[]) {
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

const pgliteLocation = (dataDir: string) => join(dataDir, "pgdata");

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function countFiles(dir: string): Promise<number> {
  if (!(await exists(dir))) return 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

/**
 * Takes the embedded data folder for this command, as the server does while it runs; refuses when
 * a live process (the server) has it open.
 */
function claimDataDir(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DatabaseInUseError) throw new BackupError(err.message);
    throw err;
  }
}

/** Refuses a PostgreSQL database an app instance (or an operator command of the app) is connected to. */
async function refuseIfAppConnected(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select application_name as name from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and application_name like $1`,
      [`${APP_CONNECTION_NAME}%`],
    );
    if (rows.length === 0) return;
    const processes = [...new Set(rows.map((r) => r.name.replace(/^\D*/, "")))].join(", ");
    throw new BackupError(
      `The database is in use by the app (${rows.length} connection${rows.length === 1 ? "" : "s"} of process ${processes}). ` +
        "Stop every app instance first (with the deploy kit: systemctl stop 'venue@*' venue-backup.timer; " +
        "elsewhere, stop npm start), restore, then start them again (systemctl start venue@3001 venue@3002 venue-backup.timer).",
    );
  } finally {
    await client.end();
  }
}

/**
 * Notes the finished backup in the database it copied (table backup_runs), where /metrics reads
 * the age of the newest one (docs/monitoring.md). The archive is complete before the row is written.
 */
async function recordBackup(source: Source, database: Manifest["database"], archive: string) {
  const insert = "insert into backup_runs (database, archive) values ($1, $2)";
  if (source.databaseUrl) {
    const client = new pg.Client({ connectionString: source.databaseUrl });
    await client.connect();
    try {
      await client.query(insert, [database, archive]);
    } finally {
      await client.end();
    }
    return;
  }
  const unlock = claimDataDir(source.dataDir);
  try {
    const client = await PGlite.create(pgliteLocation(source.dataDir), { extensions: { btree_gist } });
    try {
      await client.query(insert, [database, archive]);
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

/** Writes one backup archive into `outDir` and returns its path. */
export async function createBackup(source: Source, outDir: string, now = new Date()): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const staging = await mkdtemp(join(tmpdir(), "venue-backup-"));
  try {
    const database = source.databaseUrl ? "postgres" : "pglite";
    if (source.databaseUrl) {
      await run("pg_dump", [
        "--format=custom",
        "--no-owner",
        "--no-privileges",
        `--file=${join(staging, "database.pgdump")}`,
        `--dbname=${source.databaseUrl}`,
      ]);
    } else {
      const location = pgliteLocation(source.dataDir);
      if (!(await exists(join(location, "PG_VERSION")))) {
        throw new BackupError(`No embedded database in ${location}.`);
      }
      const unlock = claimDataDir(source.dataDir);
      try {
        const client = await PGlite.create(location, { extensions: { btree_gist } });
        try {
          const dump = await client.dumpDataDir("gzip");
          await writeFile(join(staging, "pglite.tar.gz"), Buffer.from(await dump.arrayBuffer()));
        } finally {
          await client.close();
        }
      } finally {
        unlock();
      }
    }
    const storage = join(staging, "storage");
    await mkdir(storage);
    if (await exists(source.storageDir)) await cp(source.storageDir, storage, { recursive: true });
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      database,
      files: await countFiles(storage),
    };
    await writeFile(join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const archive = resolve(outDir, `venue-backup-${stamp(now)}.tar.gz`);
    await run("tar", ["-czf", archive, "-C", staging, "."]);
    await recordBackup(source, database, basename(archive));
    return archive;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function isPostgresEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return Number(rows[0]?.n ?? 0) === 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores an archive into an empty database and storage folder (the target kind must match the
 * backup's). `force` replaces what is there instead of refusing.
 */
export async function restoreBackup(archive: string, target: Source, options: { force?: boolean } = {}) {
  const staging = await mkdtemp(join(tmpdir(), "venue-restore-"));
  try {
    await run("tar", ["-xzf", archive, "-C", staging]);
    const manifestText = await readFile(join(staging, "manifest.json"), "utf8").catch(() => null);
    if (manifestText === null)
      throw new BackupError(`${basename(archive)} is not a venue backup (no manifest.json).`);
    const manifest = JSON.parse(manifestText) as Manifest;
    if (manifest.format !== BACKUP_FORMAT) {
      throw new BackupError(
        `${basename(archive)} is backup format ${manifest.format}; this version reads ${BACKUP_FORMAT}.`,
      );
    }
    const targetKind = target.databaseUrl ? "postgres" : "pglite";
    if (manifest.database !== targetKind) {
      throw new BackupError(
        `${basename(archive)} holds a ${manifest.database === "postgres" ? "PostgreSQL" : "embedded (PGlite)"} database; ` +
          `set ${manifest.database === "postgres" ? "DATABASE_URL to the PostgreSQL database to restore into" : "no DATABASE_URL (restore into DATA_DIR)"}.`,
      );
    }
    // Before anything is changed: no app may be using the database meanwhile.
    let unlock = () => {};
    if (target.databaseUrl) {
      await refuseIfAppConnected(target.databaseUrl);
    } else {
      await mkdir(target.dataDir, { recursive: true });
      unlock = claimDataDir(target.dataDir);
    }
    try {
      return await restoreInto(staging, manifest, target, options);
    } finally {
      unlock();
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function restoreInto(
  staging: string,
  manifest: Manifest,
  target: Source,
  options: { force?: boolean },
): Promise<Manifest> {
  if (!options.force && (await countFiles(target.storageDir)) > 0) {
    throw new BackupError(
      `${target.storageDir} is not empty; restore refuses to mix files (use --force to replace).`,
    );
  }

  if (target.databaseUrl) {
    const empty = await isPostgresEmpty(target.databaseUrl);
    if (!empty && !options.force) {
      throw new BackupError(
        "The target database is not empty; restore into a new database (or use --force to replace it).",
      );
    }
    await run("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      ...(empty ? ["--single-transaction"] : ["--clean", "--if-exists"]),
      `--dbname=${target.databaseUrl}`,
      join(staging, "database.pgdump"),
    ]);
  } else {
    const location = pgliteLocation(target.dataDir);
    if (await exists(join(location, "PG_VERSION"))) {
      if (!options.force) {
        throw new BackupError(
          `${location} already holds a database; restore refuses to overwrite it (use --force).`,
        );
      }
      await rm(location, { recursive: true, force: true });
    }
    await mkdir(location, { recursive: true });
    const dump = new Blob([await readFile(join(staging, "pglite.tar.gz"))]);
    const client = await PGlite.create(location, { extensions: { btree_gist }, loadDataDir: dump });
    await client.close();
  }

  if (options.force) await rm(target.storageDir, { recursive: true, force: true });
  await mkdir(target.storageDir, { recursive: true });
  await cp(join(staging, "storage"), target.storageDir, { recursive: true });
  return manifest;
}
