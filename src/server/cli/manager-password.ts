import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import { hashPassword } from "better-auth/crypto";
import type { Database } from "../db/client";
import { DatabaseInUseError } from "../db/data-dir-lock";
import { openDatabase } from "../db/open-database";
import {
  PENDING_MANAGER_PASSWORD_FILE,
  storeManagerPasswordHash,
} from "../kernel/staff/ensure-manager-password";
import { loadConfig } from "../lib/config";

// npm run manager-password — sets the shared staff secret (SPEC §6), stored only as a hash.
// Reads MANAGER_PASSWORD from the environment, or asks for it.
const config = loadConfig();
let password = config.MANAGER_PASSWORD;
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = (await rl.question("New manager password: ")).trim();
  rl.close();
}
if (!password || password.length < 6) {
  console.error("The manager password must be at least 6 characters.");
  process.exit(1);
}
const hash = await hashPassword(password);
let database: Database;
try {
  database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
} catch (err) {
  if (!(err instanceof DatabaseInUseError)) throw err;
  // A running server holds the embedded database: it takes the hash from this file at its next
  // check (ensure-manager-password.ts). Written whole, then renamed, so it never reads half a hash.
  const file = join(config.DATA_DIR, PENDING_MANAGER_PASSWORD_FILE);
  writeFileSync(`${file}.tmp`, hash, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
  console.log("Manager password updated; the running server uses it from now on.");
  process.exit(0);
}
await database.migrate();
await storeManagerPasswordHash(database.db, hash);
console.log("Manager password updated.");
await database.close();
