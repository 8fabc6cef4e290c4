import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  errorOf,
  type TestApp,
  type TestClient,
} from "../../../tests/integration/kits/harness";
import { venueInstant } from "../../domain/venue-time";
import { auditLog, payments, reservations } from "../db/schema";
import { EXPORT_BATCH } from "./export-csv";

// Issue 33 item 4: the CSV exports, end to end through the app on this run's database.

/** RFC 4180 as the export writes it: quoted cells may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell !== "" || record.length > 0) throw new Error("the file does not end with CRLF");
  return records;
}

const cents = (dollars: string) => {
  const m = /^(\d+)\.(\d{2})$/.exec(dollars);
  if (!m) throw new Error(`not exact dollars: ${dollars}`);
  return Number(m[1]) * 100 + Number(m[2]);
};

describe("CSV exports (issue 33 item 4)", () => {
  let t: TestApp;
  let manager: TestClient;
  let managerId: string;
  let frontDesk: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    await t.seedFacilities();
    const m = await t.createAdmin({ staffRole: "manager" });
    managerId = m.id;
    manager = await t.signIn(m.email, m.password);
    const f = await t.createAdmin({ staffRole: "front_desk" });
    frontDesk = await t.signIn(f.email, f.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const download = (client: TestClient, kind: string, from: string, to: string) =>
    client.get(`/api/admin/exports/${kind}?from=${from}&to=${to}`);

  it("payments: amounts paid minus refunds equal the payments table to the cent, on random data in batches", async () => {
    // More rows than one batch, many sharing one instant, so the keyset cursor's tie-break is used.
    const from = "2025-03-01";
    const to = "2025-05-31";
    const inside = (i: number) =>
      new Date(venueInstant(from, "00:00").getTime() + (i % 7) * 3_600_000 * 24 * 13 + (i % 3) * 1234);
    const rows = Array.from({ length: EXPORT_BATCH + 237 }, (_, i) => {
      const amountCents = 1 + Math.floor(Math.random() * 50_000);
      const refund = Math.random();
      const refundedCents =
        refund < 0.6 ? 0 : refund < 0.8 ? amountCents : Math.floor(Math.random() * amountCents);
      const state = ["completed", "refunded", "created", "expired"][i % 4] as string;
      return {
        provider: "test",
        purpose: ["reservation", "event_registration", "membership"][i % 3] as string,
        amountCents,
        refundedCents,
        state,
        createdAt: i % 11 === 0 ? new Date("2025-06-01T12:00:00Z") : inside(i),
      };
    });
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(payments).values(rows.slice(i, i + 500));

    const response = await download(manager, "payments", from, to);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="payments-2025-03-01-to-2025-05-31.csv"',
    );
    const [header, ...records] = parseCsv(await response.text());
    const paid = header?.indexOf("Amount paid ($)") ?? -1;
    const refunded = header?.indexOf("Refunded ($)") ?? -1;
    const net = header?.indexOf("Net ($)") ?? -1;
    expect(paid).toBeGreaterThan(0);
    let csvNet = 0;
    for (const r of records) {
      const p = cents(r[paid] ?? "");
      const back = cents(r[refunded] ?? "");
      expect(cents(r[net] ?? "")).toBe(p - back);
      csvNet += p - back;
    }
    const [db] = await t.db
      .select({
        count: sql<number>`count(*)::int`,
        net: sql<number>`coalesce(sum(${payments.amountCents} - ${payments.refundedCents}), 0)::int`,
      })
      .from(payments)
      .where(
        and(
          inArray(payments.state, ["completed", "refunded"]),
          gte(payments.createdAt, venueInstant(from, "00:00")),
          lt(payments.createdAt, venueInstant("2025-06-01", "00:00")),
        ),
      );
    expect(records.length).toBe(db?.count);
    expect(records.length).toBeGreaterThan(EXPORT_BATCH / 2);
    expect(new Set(records.map((r) => r[0])).size).toBe(records.length);
    expect(csvNet).toBe(db?.net);
  });

  it("escapes quotes, commas, line breaks and formulas; times and courts as people read them", async () => {
    const booked = await t.db
      .insert(reservations)
      .values({
        date: "2025-08-14",
        startTime: "18:30",
        endTime: "19:30",
        facilityType: "court",
        courtId: 3,
        duration: 60,
        priceCents: 4550,
        status: "confirmed",
        paymentStatus: "paid",
        customerName: '=HYPERLINK("http://evil.test","Click"), "Bob"\nSmith',
        customerEmail: "@sum@example.test",
        customerPhone: "+15125550100",
      })
      .returning();
    const response = await download(manager, "bookings", "2025-08-14", "2025-08-14");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""Click""), ""Bob""\nSmith"`);
    const [header, ...records] = parseCsv(text);
    expect(header?.slice(0, 7)).toEqual([
      "Booking reference",
      "Date",
      "Start",
      "End",
      "Minutes",
      "Court",
      "Customer",
    ]);
    expect(records).toHaveLength(1);
    const cell = (name: string) => records[0]?.[header?.indexOf(name) ?? -1];
    expect(cell("Customer")).toBe(`'=HYPERLINK("http://evil.test","Click"), "Bob"\nSmith`);
    expect(cell("Email")).toBe("'@sum@example.test");
    expect(cell("Phone")).toBe("'+15125550100");
    expect(cell("Start")).toBe("18:30");
    expect(cell("Court")).toBe("Court 3");
    expect(cell("Price ($)")).toBe("45.50");
    expect(cell("Booking reference")).toMatch(/^BK-[0-9A-F]{8}$/);
    expect(booked).toHaveLength(1);
  });

  it("refuses an end before the start and a range over 3 years, and writes each export to the audit log", async () => {
    const before = await download(manager, "bookings", "2025-05-02", "2025-05-01");
    expect(before.status).toBe(400);
    expect((await errorOf(before)).message).toBe("The end date must be on or after the start date.");
    const long = await download(manager, "members", "2022-01-01", "2025-01-01");
    expect(long.status).toBe(400);
    expect((await errorOf(long)).message).toBe("A range can cover at most 3 years.");
    const bad = await download(manager, "members", "2025-02-30", "2025-03-01");
    expect(bad.status).toBe(400);
    const unknown = await download(manager, "secrets", "2025-01-01", "2025-01-02");
    expect(unknown.status).toBe(400);

    const ok = await download(manager, "event-registrations", "2022-01-01", "2024-12-31");
    expect(ok.status).toBe(200);
    expect(parseCsv(await ok.text())[0]?.[0]).toBe("Event");
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, "export_data"));
    expect(entries.map((e) => [e.actorUserId, e.targetId, e.details])).toContainEqual([
      managerId,
      "event-registrations",
      expect.objectContaining({ kind: "event-registrations", from: "2022-01-01", to: "2024-12-31" }),
    ]);
    // The refused ones changed nothing.
    expect(entries.filter((e) => e.targetId === "members" || e.targetId === "bookings").length).toBe(1);
  });

  it("refuses the front desk and guests", async () => {
    const desk = await download(frontDesk, "members", "2025-01-01", "2025-01-31");
    expect(desk.status).toBe(403);
    const guest = await t.request("/api/admin/exports/members?from=2025-01-01&to=2025-01-31");
    expect(guest.status).toBe(401);
  });
});
