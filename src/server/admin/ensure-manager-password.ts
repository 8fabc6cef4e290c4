import { hashPassword } from "better-auth/crypto";
import { isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { venueSettings } from "../db/schema";

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
