import { createDeps } from "../bootstrap";
import { seedDatabase } from "../demo/seed";
import { loadConfig } from "../lib/config";
import { createLogger } from "../lib/logger";

// npm run db:seed — idempotent; prints the demo credentials.
const config = loadConfig();
const deps = await createDeps(config, createLogger("warn"));
const lines = await seedDatabase(deps.db, deps.auth, deps.now());
console.log(
  `Seeded the ${deps.database.kind === "pglite" ? `embedded database in ${config.DATA_DIR}` : "PostgreSQL database"}.`,
);
for (const line of lines) console.log(line);
await deps.database.close();
