import { createHash, randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import {
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_MESSAGES,
  PHONE_CODE_TTL_MINUTES,
  phoneCodeDecision,
  phoneCodeText,
} from "../../domain/phone-proof";
import type { Db, Tx } from "../db/client";
import { phoneCodes, smsOptOuts, verifiedPhones } from "../db/schema";
import { AppError, fieldError } from "../lib/errors";
import type { SmsOutbox } from "./sms-outbox";

// Issue 30 item 2 (DECISIONS.md turn 3): a phone gets texts only once its owner proved it with a
// one-time code, for the person (the email of the account, booking or alert) who proved it. Codes
// to one phone are limited whoever asks (domain/phone-proof.ts), so 80 alerts naming a victim's
// phone text it one code and nothing else.

const hashCode = (id: string, code: string) => createHash("sha256").update(`${id}:${code}`).digest("hex");
const emailKey = (email: string) => email.trim().toLowerCase();

/** True when `phone` was proven by the person behind `email` and has not answered STOP. */
export async function isPhoneProven(executor: Db | Tx, phone: string, email: string): Promise<boolean> {
  const [row] = await executor
    .select({ at: verifiedPhones.verifiedAt })
    .from(verifiedPhones)
    .where(and(eq(verifiedPhones.phone, phone), eq(verifiedPhones.email, emailKey(email))));
  if (!row) return false;
  const [out] = await executor.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  return !out;
}

export type PhoneCodeRequest = "sent" | "wait" | "opted_out";

/**
 * Texts a new code for (phone, email) when the phone's limits allow, inside the caller's
 * transaction: requests for one phone take turns on its lock, so a burst is counted one by one.
 */
export async function requestPhoneCode(
  tx: Tx,
  sms: SmsOutbox,
  input: { phone: string; email: string; ip: string | null; venueName: string; now: Date },
): Promise<{ outcome: PhoneCodeRequest; retryAfter?: number }> {
  const { phone, now } = input;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`);
  const [out] = await tx.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  if (out) return { outcome: "opted_out" };
  const sent = await tx
    .select({ at: phoneCodes.createdAt })
    .from(phoneCodes)
    .where(
      and(
        eq(phoneCodes.phone, phone),
        eq(phoneCodes.sent, true),
        gt(phoneCodes.createdAt, new Date(now.getTime() - 24 * 3600_000)),
      ),
    );
  const decision = phoneCodeDecision(
    sent.map((r) => r.at.getTime()),
    now.getTime(),
  );
  if (!decision.send) return { outcome: "wait", retryAfter: decision.retryAfterSeconds };
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const id = crypto.randomUUID();
  const queued = await sms.enqueue(tx, {
    to: phone,
    body: phoneCodeText(input.venueName, code),
    dedupeKey: `phone-code:${id}`,
  });
  await tx.insert(phoneCodes).values({
    id,
    phone,
    email: emailKey(input.email),
    codeHash: hashCode(id, code),
    expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MINUTES * 60_000),
    sent: queued,
    clientIp: input.ip,
    createdAt: now,
  });
  return queued ? { outcome: "sent" } : { outcome: "wait", retryAfter: 24 * 3600 };
}

/**
 * Checks a code for (phone, email): right, the phone is proven for that person from now on; wrong,
 * the try counts (5 void the code). Throws a 400 naming the field "code" when it is not right.
 */
export async function confirmPhoneCode(
  db: Db,
  input: { phone: string; email: string; code: string; now: Date },
): Promise<void> {
  const email = emailKey(input.email);
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${input.phone}`}))`);
    const [latest] = await tx
      .select()
      .from(phoneCodes)
      .where(
        and(
          eq(phoneCodes.phone, input.phone),
          eq(phoneCodes.email, email),
          eq(phoneCodes.sent, true),
          isNull(phoneCodes.verifiedAt),
          gt(phoneCodes.expiresAt, input.now),
        ),
      )
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1);
    if (!latest || latest.attempts >= PHONE_CODE_MAX_ATTEMPTS) return "expired" as const;
    if (hashCode(latest.id, input.code.trim()) !== latest.codeHash) {
      await tx
        .update(phoneCodes)
        .set({ attempts: sql`${phoneCodes.attempts} + 1` })
        .where(eq(phoneCodes.id, latest.id));
      return "wrong" as const;
    }
    await tx.update(phoneCodes).set({ verifiedAt: input.now }).where(eq(phoneCodes.id, latest.id));
    await tx
      .insert(verifiedPhones)
      .values({ phone: input.phone, email, verifiedAt: input.now })
      .onConflictDoUpdate({
        target: [verifiedPhones.phone, verifiedPhones.email],
        set: { verifiedAt: input.now },
      });
    return "verified" as const;
  });
  if (outcome === "wrong") throw fieldError("code", PHONE_CODE_MESSAGES.wrong);
  if (outcome === "expired") throw fieldError("code", PHONE_CODE_MESSAGES.expired);
}

/** STOP and START from the phone itself (the inbound text webhook). */
export async function setPhoneOptOut(db: Db, phone: string, stop: boolean, now: Date): Promise<void> {
  if (stop) {
    await db.insert(smsOptOuts).values({ phone, optedOutAt: now }).onConflictDoNothing();
  } else {
    await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  }
}

export const phoneCodeWaitError = (retryAfter: number) =>
  new AppError("RATE_LIMITED", PHONE_CODE_MESSAGES.wait(Math.max(1, Math.ceil(retryAfter / 60))), {
    retryAfter,
  });
