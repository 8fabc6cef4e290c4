import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import {
  BACKUP_FORMAT,
  BackupError,
  countFiles,
  exists,
  type Manifest,
  pgliteLocation,
  run,
  type Source,
} from "./backup-archive";
import { claimDataDir } from "./claim-database";
import { recordBackup } from "./record-backup";

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

/** Writes one backup archive (backup-archive.ts says what it holds) into `outDir` and returns its path. */
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
