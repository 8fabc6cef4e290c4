import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { BACKUP_FORMAT, BackupError, type Manifest, run, type Source } from "./backup-archive";
import { claimDataDir, refuseIfAppConnected } from "./claim-database";
import { restoreInto } from "./restore-into";

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
