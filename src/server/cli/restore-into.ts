import { cp, mkdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import pg from "pg";
import {
  BackupError,
  countFiles,
  exists,
  type Manifest,
  pgliteLocation,
  run,
  type Source,
} from "./backup-archive";

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
 * The unpacked archive in `staging` written into the target's database and storage folder, which
 * must be empty unless `force` (restore-backup.ts has checked the manifest and claimed the database).
 */
export async function restoreInto(
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
