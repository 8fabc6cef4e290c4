import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestbed,
  adminTestbed,
  insertReservation,
  MANAGER_PASSWORD,
  paidOnlineReservation,
} from "../../../tests/integration/kits/admin-test-kit";
import { emailOutbox } from "../db/schema";

// Issue 14, item 4: moving a booking, changing its status and refunding it queue an email to the
// customer that says what changed.
let bed: AdminTestbed;
beforeAll(async () => {
  bed = await adminTestbed();
});
afterAll(() => bed?.t.close());

const emailsTo = (address: string) => bed.t.emailsTo(address);

describe("staff changes reach the customer by email (outbox)", () => {
  it("a reassignment names the old and the new court", async () => {
    const row = await insertReservation(bed.t, { courtId: 2, customerEmail: "moved@example.test" });
    const response = await bed.admin.post(`/api/admin/reservations/${row.id}/reassign`, { facilityId: 5 });
    expect(response.status).toBe(200);
    const emails = await emailsTo("moved@example.test");
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toContain("Your booking has been moved");
    expect(emails[0]?.textBody).toContain("Was: Court 2 · Mon, Nov 23 · 10:00 AM - 11:00 AM (60 min)");
    expect(emails[0]?.textBody).toContain("Now: Court 5 · Mon, Nov 23 · 10:00 AM - 11:00 AM (60 min)");
    expect(emails[0]?.textBody).toContain(
      "The price is unchanged: nothing more to pay and nothing refunded.",
    );
  });

  it("a moved booking's email carries the new time as a calendar file that replaces the old entry", async () => {
    const row = await insertReservation(bed.t, {
      courtId: 1,
      startTime: "16:00",
      endTime: "17:00",
      customerEmail: "moved-ics@example.test",
    });
    const response = await bed.admin.patch(`/api/admin/reservations/${row.id}`, {
      startTime: "17:00",
      facilityId: 1,
    });
    expect(response.status).toBe(200);
    const [email] = await emailsTo("moved-ics@example.test");
    const attachment = email?.attachments?.[0];
    expect(attachment?.filename).toBe("booking.ics");
    const ics = Buffer.from(attachment?.content ?? "", "base64").toString("utf8");
    // The confirmation's UID, so calendar apps update the entry instead of adding a second one.
    expect(ics).toContain(`UID:${row.id}@booking`);
    expect(ics).toMatch(/SEQUENCE:\d+/);
    // 5:00 PM on Mon, Nov 23 2026 in Chicago (CST, UTC-6) is 23:00 UTC.
    expect(ics).toContain("DTSTART:20261123T230000Z");
    expect(ics).toContain("DTEND:20261124T000000Z");
  });

  it("an edit names the old and the new time; a refused edit sends nothing", async () => {
    const row = await insertReservation(bed.t, {
      courtId: 3,
      startTime: "12:00",
      endTime: "13:00",
      customerEmail: "edited@example.test",
    });
    await insertReservation(bed.t, { courtId: 4, startTime: "15:00", endTime: "16:00" });
    const refused = await bed.admin.patch(`/api/admin/reservations/${row.id}`, {
      startTime: "15:00",
      facilityId: 4,
    });
    expect(refused.status).toBe(409);
    expect(await emailsTo("edited@example.test")).toHaveLength(0);

    const response = await bed.admin.patch(`/api/admin/reservations/${row.id}`, {
      startTime: "14:00",
      facilityId: 3,
    });
    expect(response.status).toBe(200);
    const emails = await emailsTo("edited@example.test");
    expect(emails).toHaveLength(1);
    expect(emails[0]?.textBody).toContain("Was: Court 3 · Mon, Nov 23 · 12:00 PM - 1:00 PM (60 min)");
    expect(emails[0]?.textBody).toContain("Now: Court 3 · Mon, Nov 23 · 2:00 PM - 3:00 PM (60 min)");
  });

  it("a status change names the new status; setting the same status sends nothing", async () => {
    const row = await insertReservation(bed.t, {
      courtId: 6,
      customerEmail: "status@example.test",
    });
    const same = await bed.admin.patch(`/api/admin/reservations/${row.id}/status`, { status: "confirmed" });
    expect(same.status).toBe(200);
    expect(await emailsTo("status@example.test")).toHaveLength(0);

    const response = await bed.admin.patch(`/api/admin/reservations/${row.id}/status`, {
      status: "cancelled",
    });
    expect(response.status).toBe(200);
    const emails = await emailsTo("status@example.test");
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toContain("Your booking is now cancelled");
    expect(emails[0]?.textBody).toContain("from confirmed to cancelled");
    expect(emails[0]?.textBody).toContain("Court 6 · Mon, Nov 23 · 10:00 AM - 11:00 AM (60 min)");
    // Paid at the desk (the kit's default row): the email says where the money is.
    expect(emails[0]?.textBody).toContain("You paid for it at the desk");
  });

  it("cancelling a booking paid online says the payment is not refunded by the change", async () => {
    const row = await paidOnlineReservation(bed.t, { startTime: "12:00", email: "paid-cancel@example.test" });
    const before = (await emailsTo("paid-cancel@example.test")).length;
    const response = await bed.admin.patch(`/api/admin/reservations/${row.id}/status`, {
      status: "cancelled",
    });
    expect(response.status).toBe(200);
    const [email] = (await emailsTo("paid-cancel@example.test")).slice(before);
    expect(email?.textBody).toContain("from confirmed to cancelled");
    expect(email?.textBody).toContain("Your online payment has not been refunded by this change.");
  });

  it("a refund names the amount refunded, once however often it is clicked", async () => {
    const row = await paidOnlineReservation(bed.t, { startTime: "18:00", email: "refund@example.test" });
    const before = (await emailsTo("refund@example.test")).length;
    const refund = () =>
      bed.admin.post(`/api/admin/reservations/${row.id}/refund`, { managerPassword: MANAGER_PASSWORD });
    expect((await refund()).status).toBe(200);
    expect((await refund()).status).toBe(409);
    const emails = (await emailsTo("refund@example.test")).slice(before);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toContain("Your booking has been refunded");
    expect(emails[0]?.textBody).toContain(`We refunded $${(row.priceCents / 100).toFixed(2)}`);
    expect(emails[0]?.textBody).toContain("Mon, Nov 23 · 6:00 PM - 7:30 PM (90 min)");
  });

  it("a booking without an email sends nothing", async () => {
    const row = await insertReservation(bed.t, { courtId: 7, customerEmail: null });
    const queued = async () => (await bed.t.db.select({ id: emailOutbox.id }).from(emailOutbox)).length;
    const before = await queued();
    const response = await bed.admin.post(`/api/admin/reservations/${row.id}/reassign`, { facilityId: 8 });
    expect(response.status).toBe(200);
    expect(await queued()).toBe(before);
  });
});
