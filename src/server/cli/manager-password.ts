import { createInterface } from "node:readline/promises";
import { hashPassword } from "better-auth/crypto";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { venueSettings } from "../db/schema";

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
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
const hash = await hashPassword(password);
await database.db
  .insert(venueSettings)
  .values({ id: 1, managerPasswordHash: hash })
  .onConflictDoUpdate({
    target: venueSettings.id,
    set: { managerPasswordHash: hash, updatedAt: new Date() },
  });
console.log("Manager password updated.");
await database.close();
