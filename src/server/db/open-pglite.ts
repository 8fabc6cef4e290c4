import { cpSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { embeddedTemplatePath, migrationsDir } from "../lib/paths";
import type { Database, Db } from "./client";
import { lockDataDir } from "./data-dir-lock";
import { DATABASE_TIMEOUTS } from "./database-timeouts";
import { pgliteListener } from "./notify-bus";
import { createPgliteCluster } from "./pglite-cluster";
import * as schema from "./schema";

/**
 * The embedded database shares the server's process, so its buffer pool counts against the
 * server's memory (decision record 025). PostgreSQL's default 128 MB pool made the idle server
 * hold about 500 MB; the venue's whole working set is a few MB, and pages beyond the pool are
 * still in the operating system's file cache.
 */
const PGLITE_SETTINGS = ["shared_buffers=16MB", "maintenance_work_mem=16MB", "temp_buffers=2MB"];

/**
 * The embedded database in `dataDir`/pgdata ("memory://…" for tests), locked to this process; a new
 * folder starts from the build's template, or from initdb in a process of its own.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  const location = inMemory ? dataDir : `${dataDir}/pgdata`;
  if (!inMemory) mkdirSync(location, { recursive: true });
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  const fresh = !inMemory && !existsSync(join(location, "PG_VERSION"));
  // A new data folder starts from the build's template (initialised and migrated) when there is
  // one; otherwise (development from the sources) initdb runs in a process of its own.
  if (fresh && existsSync(join(embeddedTemplatePath, "PG_VERSION"))) {
    cpSync(embeddedTemplatePath, location, { recursive: true });
  } else if (fresh) {
    await createPgliteCluster(location).catch((err) => {
      unlock();
      throw err;
    });
  }
  const client = await PGlite.create(location, {
    extensions: { btree_gist },
    postgresqlconf: PGLITE_SETTINGS,
  }).catch((err) => {
    unlock();
    throw err;
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const listener = pgliteListener(client);
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsDir });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    listen: listener.listen,
    timeouts: DATABASE_TIMEOUTS,
    poolUsage: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    async close() {
      try {
        await listener.close();
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
