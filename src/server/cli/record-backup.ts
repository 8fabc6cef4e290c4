import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import pg from "pg";
import { type Manifest, pgliteLocation, type Source } from "./backup-archive";
import { claimDataDir } from "./claim-database";

/**
 * Notes the finished backup in the database it copied (table backup_runs), where /metrics reads
 * the age of the newest one (docs/monitoring.md). The archive is complete before the row is written.
 */
export async function recordBackup(source: Source, database: Manifest["database"], archive: string) {
  const insert = "insert into backup_runs (database, archive) values ($1, $2)";
  if (source.databaseUrl) {
    const client = new pg.Client({ connectionString: source.databaseUrl });
    await client.connect();
    try {
      await client.query(insert, [database, archive]);
    } finally {
      await client.end();
    }
    return;
  }
  const unlock = claimDataDir(source.dataDir);
  try {
    const client = await PGlite.create(pgliteLocation(source.dataDir), { extensions: { btree_gist } });
    try {
      await client.query(insert, [database, archive]);
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}
