import { sql } from "drizzle-orm";
import type { BookingsReport, ChannelCounts } from "../../contracts/reports";
import { BOOKING_CHANNELS, type BookingChannel, periodBefore, type ReportRange } from "../../domain/reports";
import { VENUE_TIME_ZONE } from "../../domain/venue-time";
import type { Db } from "../db/client";

// Issue 33 item 3: bookings by channel, with check-ins and no-shows, for the range and the period
// before, in one SQL aggregate. The channel of a booking: a free member booking; else one staff
// made (is_admin_created), paid at the desk or not; else online. Holds that ran out or were
// abandoned were never bookings and are left out; a booking cancelled later counts as cancelled.

type Row = {
  current: boolean;
  channel: BookingChannel;
  bookings: string | number;
  cancelled: string | number;
  started: string | number;
  checked_in: string | number;
  no_shows: string | number;
};

export async function bookingsReport(db: Db, range: ReportRange, now: Date): Promise<BookingsReport> {
  const previousRange = periodBefore(range);
  const result = (await db.execute(sql`
    select r.date >= ${range.from}::date as current,
           case
             when r.is_free_member_booking then 'freeMember'
             when r.is_admin_created and r.manual_payment_status = 'paid' then 'desk'
             when r.is_admin_created then 'staff'
             else 'online'
           end as channel,
           count(*) filter (where r.status = 'confirmed') as bookings,
           count(*) filter (where r.status = 'cancelled') as cancelled,
           count(*) filter (where r.status = 'confirmed'
                              and (r.date + r.start_time) at time zone ${VENUE_TIME_ZONE} <= ${now.toISOString()}::timestamptz) as started,
           count(*) filter (where r.status = 'confirmed' and r.checked_in_at is not null) as checked_in,
           count(*) filter (where r.status = 'confirmed' and r.no_show_at is not null) as no_shows
      from reservations r
     where r.date >= ${previousRange.from}::date and r.date <= ${range.to}::date
       and (r.status = 'confirmed' or (r.status = 'cancelled' and r.cancel_reason is null))
     group by 1, 2`)) as unknown as { rows: Row[] };
  const counts = (current: boolean): ChannelCounts[] =>
    BOOKING_CHANNELS.map((channel) => {
      const r = result.rows.find((x) => x.current === current && x.channel === channel);
      return {
        channel,
        bookings: Number(r?.bookings ?? 0),
        cancelled: Number(r?.cancelled ?? 0),
        started: Number(r?.started ?? 0),
        checkedIn: Number(r?.checked_in ?? 0),
        noShows: Number(r?.no_shows ?? 0),
      };
    });
  return {
    report: "bookings",
    range,
    previousRange,
    channels: counts(true),
    previousChannels: counts(false),
  };
}
