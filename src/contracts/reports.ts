import { z } from "zod";
import { calendarDate } from "./common";

// Issue 33 item 3: GET /api/admin/reports/{report}?from=&to= (managers and the owner). Without a
// range: the venue's last 30 days. Every figure is integer cents, compared with the period before.

export const reportParams = z.object({ report: z.string().min(1).max(60) });
export const reportQuery = z.object({
  from: calendarDate("Enter a start date.").optional(),
  to: calendarDate("Enter an end date.").optional(),
});

const range = z.object({ from: z.string(), to: z.string() });

const revenueCents = z.object({
  courts: z.number().int(),
  dartBays: z.number().int(),
  events: z.number().int(),
  memberships: z.number().int(),
  desk: z.number().int(),
});

export const revenueReport = z
  .object({
    report: z.literal("revenue"),
    range,
    previousRange: range,
    /** Every day of the range (days without money are zeros), net of discounts and refunds. */
    days: z.array(revenueCents.extend({ date: z.string(), totalCents: z.number().int() })),
    totals: revenueCents.extend({ totalCents: z.number().int() }),
    previousTotals: revenueCents.extend({ totalCents: z.number().int() }),
  })
  .meta({ id: "RevenueReport" });
export type RevenueReport = z.infer<typeof revenueReport>;

/** Minutes by weekday (0 = Sunday, 7 rows) and hour of the venue's clock (24 columns). */
const weekGrid = z.array(z.array(z.number().int()));

const facilityUse = z.object({
  facilityType: z.enum(["court", "dart_bay"]),
  /** The court's or bay's id; null for the row of its whole type. */
  id: z.number().int().nullable(),
  name: z.string(),
  booked: weekGrid,
  open: weekGrid,
  bookedMinutes: z.number().int(),
  openMinutes: z.number().int(),
  previousBookedMinutes: z.number().int(),
  previousOpenMinutes: z.number().int(),
});
export type FacilityUse = z.infer<typeof facilityUse>;

export const utilisationReport = z
  .object({
    report: z.literal("utilisation"),
    range,
    previousRange: range,
    /** Courts, then dart bays: every active one of the type together. */
    types: z.array(facilityUse),
    /** Each active court and bay in the venue's order. */
    facilities: z.array(facilityUse),
  })
  .meta({ id: "UtilisationReport" });
export type UtilisationReport = z.infer<typeof utilisationReport>;

const channelCounts = z.object({
  channel: z.enum(["online", "desk", "freeMember", "staff"]),
  /** Confirmed bookings dated in the period. */
  bookings: z.number().int(),
  /** Bookings cancelled after they were made (not holds that ran out). */
  cancelled: z.number().int(),
  /** Confirmed bookings whose start has passed, and of those the checked in and the no-shows. */
  started: z.number().int(),
  checkedIn: z.number().int(),
  noShows: z.number().int(),
});
export type ChannelCounts = z.infer<typeof channelCounts>;

export const bookingsReport = z
  .object({
    report: z.literal("bookings"),
    range,
    previousRange: range,
    channels: z.array(channelCounts),
    previousChannels: z.array(channelCounts),
  })
  .meta({ id: "BookingsReport" });
export type BookingsReport = z.infer<typeof bookingsReport>;

export const membersReport = z
  .object({
    report: z.literal("members"),
    range,
    previousRange: range,
    /** Now: members not frozen, frozen members, and the monthly recurring revenue of paying ones. */
    active: z.number().int(),
    frozen: z.number().int(),
    mrrCents: z.number().int(),
    /** Memberships paid for (signups) and memberships set to end, in the period and the one before. */
    newMembers: z.number().int(),
    previousNewMembers: z.number().int(),
    cancelled: z.number().int(),
    previousCancelled: z.number().int(),
  })
  .meta({ id: "MembersReport" });
export type MembersReport = z.infer<typeof membersReport>;

const couponUse = z.object({ code: z.string(), uses: z.number().int(), discountCents: z.number().int() });
export const couponsReport = z
  .object({
    report: z.literal("coupons"),
    range,
    previousRange: range,
    /** Each code used in payments taken in the period, most discount first. */
    coupons: z.array(couponUse),
    previous: z.object({ uses: z.number().int(), discountCents: z.number().int() }),
  })
  .meta({ id: "CouponsReport" });
export type CouponsReport = z.infer<typeof couponsReport>;

export const eventsReport = z
  .object({
    report: z.literal("events"),
    range,
    previousRange: range,
    events: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        date: z.string(),
        registered: z.number().int(),
        maxParticipants: z.number().int(),
      }),
    ),
    previous: z.object({ registered: z.number().int(), places: z.number().int() }),
  })
  .meta({ id: "EventsReport" });
export type EventsReport = z.infer<typeof eventsReport>;

export const customersReport = z
  .object({
    report: z.literal("customers"),
    range,
    previousRange: range,
    /** The ten who paid the most (net of refunds) in the period, by the email they paid with. */
    customers: z.array(
      z.object({ email: z.string(), payments: z.number().int(), netCents: z.number().int() }),
    ),
  })
  .meta({ id: "CustomersReport" });
export type CustomersReport = z.infer<typeof customersReport>;

export const reportResponse = z.union([
  revenueReport,
  utilisationReport,
  bookingsReport,
  membersReport,
  couponsReport,
  eventsReport,
  customersReport,
]);
