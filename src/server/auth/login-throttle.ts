import { and, count, eq, gt, max } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginAttempts } from "../db/schema";

// Login throttling (issue 2): against guessing, per account and per address, without letting
// a stranger lock the real user out.
// - per address: 30 failures in 15 minutes stop that address for every account;
// - per account and address: 5 failures stop that pair;
// - per account: 20 failures (from anywhere) stop the account only for addresses that have never
//   signed in to it; its owner's known addresses still get in, and a password reset clears the count.
// The key is the typed email, whether or not an account exists, so answers never reveal one.
export const WINDOW_MS = 15 * 60_000;
const LIMITS = { perIp: 30, perPair: 5, perAccount: 20 } as const;
export const THROTTLED_MESSAGE = "Too many sign-in attempts. Please wait 15 minutes and try again.";

export const emailKey = (email: string) => email.trim().toLowerCase();

async function failuresSince(db: Db, where: ReturnType<typeof and>) {
  const [row] = await db.select({ n: count() }).from(loginAttempts).where(where);
  return row?.n ?? 0;
}

export async function isLoginThrottled(db: Db, email: string, ip: string, now: Date): Promise<boolean> {
  const key = emailKey(email);
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const [lastSuccess] = await db
    .select({ at: max(loginAttempts.at) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.emailKey, key), eq(loginAttempts.success, true)));
  const accountStart = lastSuccess?.at && lastSuccess.at > windowStart ? lastSuccess.at : windowStart;

  const ipFailures = await failuresSince(
    db,
    and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false), gt(loginAttempts.at, windowStart)),
  );
  if (ipFailures >= LIMITS.perIp) return true;

  const pairFailures = await failuresSince(
    db,
    and(
      eq(loginAttempts.emailKey, key),
      eq(loginAttempts.ip, ip),
      eq(loginAttempts.success, false),
      gt(loginAttempts.at, accountStart),
    ),
  );
  if (pairFailures >= LIMITS.perPair) return true;

  const accountFailures = await failuresSince(
    db,
    and(
      eq(loginAttempts.emailKey, key),
      eq(loginAttempts.success, false),
      gt(loginAttempts.at, accountStart),
    ),
  );
  if (accountFailures < LIMITS.perAccount) return false;
  const knownAddress = await failuresSince(
    db,
    and(eq(loginAttempts.emailKey, key), eq(loginAttempts.ip, ip), eq(loginAttempts.success, true)),
  );
  return knownAddress === 0;
}

export async function recordLoginAttempt(db: Db, email: string, ip: string, success: boolean, now: Date) {
  await db.insert(loginAttempts).values({ emailKey: emailKey(email), ip, success, at: now });
}
