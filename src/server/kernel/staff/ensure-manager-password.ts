import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { hashPassword } from "better-auth/crypto";
import { isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { venueSettings } from "../../db/schema";

/**
 * MANAGER_PASSWORD in the environment seeds the manager password at start when none is set yet
 * (a fresh install, the e2e server). It never overwrites one set with `npm run manager-password`.
 */
export async function ensureManagerPassword(db: Db, password: string | undefined): Promise<boolean> {
  if (!password) return false;
  const existing = await db.query.venueSettings.findFirst();
  if (existing?.managerPasswordHash) return false;
  const hash = await hashPassword(password);
  const rows = await db
    .insert(venueSettings)
    .values({ id: 1, managerPasswordHash: hash })
    .onConflictDoUpdate({
      target: venueSettings.id,
      set: { managerPasswordHash: hash, updatedAt: new Date() },
      setWhere: isNull(venueSettings.managerPasswordHash),
    })
    .returning({ id: venueSettings.id });
  return rows.length > 0;
}

/**
 * `npm run manager-password` while a server holds the embedded database cannot write to it (one
 * process per PGlite folder); it leaves the new hash in this file of the data folder instead, and
 * the server takes it at its next manager-password check, so the change is in force at once.
 */
export const PENDING_MANAGER_PASSWORD_FILE = "manager-password.pending";

export async function storeManagerPasswordHash(db: Db, hash: string): Promise<void> {
  await db
    .insert(venueSettings)
    .values({ id: 1, managerPasswordHash: hash })
    .onConflictDoUpdate({
      target: venueSettings.id,
      set: { managerPasswordHash: hash, updatedAt: new Date() },
    });
}

export async function applyPendingManagerPassword(db: Db, dataDir: string): Promise<boolean> {
  const file = join(dataDir, PENDING_MANAGER_PASSWORD_FILE);
  let hash: string;
  try {
    hash = (await readFile(file, "utf8")).trim();
  } catch {
    return false;
  }
  if (hash) await storeManagerPasswordHash(db, hash);
  await rm(file, { force: true });
  return Boolean(hash);
}
