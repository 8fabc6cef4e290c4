import { and, count, eq, gt, max, sql } from "drizzle-orm";
import type { Database, Db, Tx } from "../db/client";
import { loginAttempts } from "../db/schema";
import { addressGroup } from "../lib/address-group";
import { present } from "../lib/present";
import { decideInAccountTurn } from "./sign-in-gate";

// Login throttling (issue 2): against guessing, per account and per address, without letting
// a stranger lock the real user out.
// - per address: 30 failures in 15 minutes stop that address for every account;
// - per account and address: 5 failures stop that pair; only a success from that same address
//   (or a password reset) starts its count again;
// - per account: 20 failures (from anywhere) stop the account only for addresses that have never
//   signed in to it; its owner's known addresses still get in, and a password reset clears the count.
// The key is the typed email, whether or not an account exists, so answers never reveal one.
//
// ISSUE 12: the attempt's place is taken before the password is hashed, atomically: the check and
// the insert of the attempt (as a failure until it proves right) run under transaction-scoped
// advisory locks on the address and on the account, so a burst of parallel tries is counted one
// by one and only the first few ever reach the (deliberately slow) password hash.
//
// ISSUE 30 item 3: the tries on one account first take turns inside the process, holding no
// connection, and sign-in holds at most a share of the pool (sign-in-gate.ts); the advisory locks
// stay for the turns between instances.
export const WINDOW_MS = 15 * 60_000;
export const LOGIN_LIMITS = { perIp: 30, perPair: 5, perAccount: 20 } as const;
export const THROTTLED_MESSAGE = "Too many sign-in attempts. Please wait 15 minutes and try again.";
/** The address recorded with a password reset's success row: it clears the account's counts. */
export const PASSWORD_RESET_MARK = "password-reset";

export const emailKey = (email: string) => email.trim().toLowerCase();

async function countWhere(executor: Db | Tx, where: ReturnType<typeof and>) {
  const [row] = await executor.select({ n: count() }).from(loginAttempts).where(where);
  return row?.n ?? 0;
}

async function lastSuccess(executor: Db | Tx, where: ReturnType<typeof and>) {
  const [row] = await executor
    .select({ at: max(loginAttempts.at) })
    .from(loginAttempts)
    .where(where);
  return row?.at ?? null;
}

const later = (a: Date, b: Date | null) => (b && b > a ? b : a);

async function isThrottled(executor: Db | Tx, key: string, ip: string, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const failed = eq(loginAttempts.success, false);
  const succeeded = eq(loginAttempts.success, true);

  const ipFailures = await countWhere(
    executor,
    and(eq(loginAttempts.ip, ip), failed, gt(loginAttempts.at, windowStart)),
  );
  if (ipFailures >= LOGIN_LIMITS.perIp) return true;

  const resetAt = await lastSuccess(
    executor,
    and(eq(loginAttempts.emailKey, key), eq(loginAttempts.ip, PASSWORD_RESET_MARK), succeeded),
  );
  const accountStart = later(windowStart, resetAt);
  const pairSuccessAt = await lastSuccess(
    executor,
    and(eq(loginAttempts.emailKey, key), eq(loginAttempts.ip, ip), succeeded),
  );
  const pairFailures = await countWhere(
    executor,
    and(
      eq(loginAttempts.emailKey, key),
      eq(loginAttempts.ip, ip),
      failed,
      gt(loginAttempts.at, later(accountStart, pairSuccessAt)),
    ),
  );
  if (pairFailures >= LOGIN_LIMITS.perPair) return true;

  const accountFailures = await countWhere(
    executor,
    and(eq(loginAttempts.emailKey, key), failed, gt(loginAttempts.at, accountStart)),
  );
  return accountFailures >= LOGIN_LIMITS.perAccount && pairSuccessAt === null;
}

/**
 * Takes this attempt's place, or returns null when the address or account is throttled. The
 * attempt is stored as a failure at once, so parallel tries see it; finishLoginAttempt marks it
 * a success when the password was right.
 */
export async function takeLoginAttempt(
  database: Database,
  email: string,
  clientIp: string,
  now: Date,
): Promise<number | null> {
  const key = emailKey(email);
  // Issue 30 item 10: an IPv6 visitor is counted by their /64, not by each address of it.
  const ip = addressGroup(clientIp);
  return decideInAccountTurn(database, key, ip, () => decide(database.db, key, ip, now));
}

function decide(db: Db, key: string, ip: string, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    // Always the address first, then the account: two tries never wait on each other in a cycle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-ip:${ip}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-account:${key}`}))`);
    if (await isThrottled(tx, key, ip, now)) return null;
    const [row] = await tx
      .insert(loginAttempts)
      .values({ emailKey: key, ip, success: false, at: now })
      .returning({ id: loginAttempts.id });
    return present(row, "inserted login attempt").id;
  });
}

/** The outcome of a taken attempt: "success", "failure" (kept as it is) or "not-a-guess" (removed). */
export async function finishLoginAttempt(db: Db, id: number, outcome: "success" | "failure" | "not-a-guess") {
  if (outcome === "failure") return;
  if (outcome === "not-a-guess") {
    await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
    return;
  }
  await db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, id));
}

export async function recordLoginAttempt(db: Db, email: string, ip: string, success: boolean, now: Date) {
  await db
    .insert(loginAttempts)
    .values({ emailKey: emailKey(email), ip: addressGroup(ip), success, at: now });
}
