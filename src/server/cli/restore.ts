import { parseArgs } from "node:util";
import { loadConfig } from "../lib/config";
import { BackupError } from "./backup-archive";
import { restoreBackup } from "./restore-backup";

// npm run restore -- <venue-backup-….tar.gz> [--force]
// Into the database and storage folder the settings name (DATABASE_URL or DATA_DIR, STORAGE_DIR),
// which must be empty unless --force. Stop the app first; start it afterwards (it migrates).
const { values, positionals } = parseArgs({
  options: { force: { type: "boolean", default: false } },
  allowPositionals: true,
  strict: true,
});
const [archive] = positionals;
if (positionals.length !== 1 || archive === undefined) {
  console.error("Usage: restore <venue-backup-….tar.gz> [--force]");
  process.exit(1);
}
const config = loadConfig();
try {
  const manifest = await restoreBackup(
    archive,
    { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, storageDir: config.storageDir },
    { force: values.force },
  );
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.database}, ${manifest.files} files).`,
  );
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
