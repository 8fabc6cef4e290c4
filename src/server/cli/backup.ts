import { parseArgs } from "node:util";
import { loadConfig } from "../lib/config";
import { BackupError } from "./backup-archive";
import { createBackup } from "./create-backup";

// npm run backup -- [--out <folder>]   (production: node dist/server/cli/backup.js --out …)
// PostgreSQL (DATABASE_URL) is backed up while the app runs; the embedded database only while
// the app is stopped. Prints the archive's path.
const { values } = parseArgs({ options: { out: { type: "string", default: "backups" } }, strict: true });
const config = loadConfig();
try {
  const archive = await createBackup(
    { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, storageDir: config.storageDir },
    values.out,
  );
  console.log(archive);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
