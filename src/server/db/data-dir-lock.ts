import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Another live process has the embedded data folder open (PGlite is one process's database). */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is open in process ${pid} (a running server?). ` +
        `Stop it first, or delete ${join(dataDir, LOCK_FILE)} if no such process runs.`,
    );
    this.name = "DatabaseInUseError";
  }
}

const LOCK_FILE = "pgdata.lock";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Two processes opening one PGlite folder each run their own PostgreSQL on the same files: the
 * second sees stale data and its writes are lost or corrupt the first's. So the folder is locked.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  let holder = Number.NaN;
  try {
    holder = Number(readFileSync(file, "utf8").trim());
  } catch {
    // no lock yet
  }
  if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
    throw new DatabaseInUseError(dataDir, holder);
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
