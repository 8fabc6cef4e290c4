import { and, asc, gte, lt, sql } from "drizzle-orm";
import { csvLine } from "../../domain/csv-export";
import { venueToday } from "../../domain/venue-time";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { atVenue, batches, EXPORT_BATCH, type ExportRange, instantRange, yesNo } from "./export-batches";

const PLAN_LABELS: Record<string, string> = { monthly: "Monthly", annual: "Annual" };

/** Accounts created in the range: members and everyone else who signed up, staff left out. */
export async function* membersCsv(db: Db, range: ExportRange): AsyncGenerator<string> {
  yield csvLine([
    "Name",
    "Email",
    "Phone",
    "Member",
    "Plan",
    "Next billing",
    "Membership ends",
    "Frozen",
    "Signed up",
  ]);
  const { start, end } = instantRange(range);
  const rows = batches((after: { id: string; cursorAt: string } | null) =>
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        name: users.name,
        email: users.email,
        phone: users.phone,
        isMember: users.isMember,
        plan: users.membershipPlan,
        nextBillingDate: users.nextBillingDate,
        cancelAt: users.cancelAt,
        isFrozen: users.isFrozen,
        createdAt: users.createdAt,
        cursorAt: sql<string>`${users.createdAt}::text`,
      })
      .from(users)
      .where(
        and(
          gte(users.createdAt, start),
          lt(users.createdAt, end),
          sql`${users.staffRole} is null`,
          after
            ? sql`(${users.createdAt}, ${users.id}) > (${after.cursorAt}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(EXPORT_BATCH),
  );
  for await (const batch of rows) {
    let text = "";
    for (const u of batch) {
      const name = `${u.firstName} ${u.lastName}`.trim() || u.name;
      text += csvLine([
        name,
        u.email,
        u.phone,
        yesNo(u.isMember),
        u.plan ? (PLAN_LABELS[u.plan] ?? u.plan) : null,
        u.nextBillingDate ? venueToday(u.nextBillingDate) : null,
        u.cancelAt ? venueToday(u.cancelAt) : null,
        yesNo(u.isFrozen),
        atVenue(u.createdAt),
      ]);
    }
    yield text;
  }
}
