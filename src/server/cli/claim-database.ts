import pg from "pg";
import { DatabaseInUseError, lockDataDir } from "../db/data-dir-lock";
import { APP_CONNECTION_NAME } from "../db/open-postgres";
import { BackupError } from "./backup-archive";

/**
 * Takes the embedded data folder for this command, as the server does while it runs; refuses when
 * a live process (the server) has it open.
 */
export function claimDataDir(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DatabaseInUseError) throw new BackupError(err.message);
    throw err;
  }
}

/** Refuses a PostgreSQL database an app instance (or an operator command of the app) is connected to. */
export async function refuseIfAppConnected(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select application_name as name from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and application_name like $1`,
      [`${APP_CONNECTION_NAME}%`],
    );
    if (rows.length === 0) return;
    const processes = [...new Set(rows.map((r) => r.name.replace(/^\D*/, "")))].join(", ");
    throw new BackupError(
      `The database is in use by the app (${rows.length} connection${rows.length === 1 ? "" : "s"} of process ${processes}). ` +
        "Stop every app instance first (with the deploy kit: systemctl stop 'venue@*' venue-backup.timer; " +
        "elsewhere, stop npm start), restore, then start them again (systemctl start venue@3001 venue@3002 venue-backup.timer).",
    );
  } finally {
    await client.end();
  }
}
