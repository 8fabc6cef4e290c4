import { openDatabase } from "../db/open-database";
import { loadConfig } from "../lib/config";

// npm run db:migrate — the server also migrates at start; this is for deploy pipelines.
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
console.log(`Migrations applied (${database.kind}).`);
await database.close();
