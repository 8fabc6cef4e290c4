import { sql } from "drizzle-orm";
import type { BookingsReport, ChannelCounts } from "../../contracts/reports";
import { BOOKING_CHANNELS, type BookingChannel, periodBefore, type ReportRange } from "../../domain/reports";
import { addDaysToDate, VENUE_TIME_ZONE, venueToday } from "../../domain/venue-time";
import type { Db, Tx } from "../db/client";
import { type DayStore, reportDays } from "./report-days";

// Issue 33 item 3: bookings by channel, with check-ins and no-shows, for the range and the period
// before. The channel of a booking: a free member booking; else one staff made (is_admin_created),
// paid at the desk or not; else online. Holds that ran out or were abandoned were never bookings
// and are left out; a booking cancelled later counts as cancelled.
// One SQL aggregate per venue day; closed days are stored in report_booking_days (report-days.ts,
// decisions 039 and 044): aggregating every reservation of six years on each request cost 0.5-0.7 s.

type Counts = Omit<ChannelCounts, "channel">;
/** A day's counts by channel (a channel without bookings or cancellations is left out). */
type DayCounts = Partial<Record<BookingChannel, Counts>>;
/** What is stored of a closed day: its started bookings are its bookings. */
type StoredCounts = Partial<Record<BookingChannel, Omit<Counts, "started">>>;

type Row = {
  day: string;
  channel: BookingChannel;
  bookings: string | number;
  cancelled: string | number;
  started: string | number;
  checked_in: string | number;
  no_shows: string | number;
};

const zero = (): Counts => ({ bookings: 0, cancelled: 0, started: 0, checkedIn: 0, noShows: 0 });

/** The days from `from` to `to` live; a booking has started when it starts at or before `now`. */
async function computeCounts(
  db: Db | Tx,
  from: string,
  to: string,
  now: Date,
): Promise<Map<string, DayCounts>> {
  const result = (await db.execute(sql`
    select r.date::text as day,
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
     where r.date >= ${from}::date and r.date <= ${to}::date
       and (r.status = 'confirmed' or (r.status = 'cancelled' and r.cancel_reason is null))
     group by 1, 2`)) as unknown as { rows: Row[] };
  const byDay = new Map<string, DayCounts>();
  for (const r of result.rows) {
    const day = byDay.get(r.day) ?? {};
    byDay.set(r.day, day);
    day[r.channel] = {
      bookings: Number(r.bookings),
      cancelled: Number(r.cancelled),
      started: Number(r.started),
      checkedIn: Number(r.checked_in),
      noShows: Number(r.no_shows),
    };
  }
  return byDay;
}

/**
 * The store of closed days for a report at `now`: only days before `now`'s venue day are stored or
 * read (reportDays' `storeUntil`), so every booking of a stored day has started by any clock that
 * reads it, and the count does not depend on the clock that stored it.
 */
function bookingDays(now: Date): DayStore<DayCounts> {
  return {
    async read(db, from, to) {
      const result = (await db.execute(sql`
        select day::text as day, channels from report_booking_days
         where day >= ${from}::date and day <= ${to}::date`)) as unknown as {
        rows: Array<{ day: string; channels: StoredCounts | string }>;
      };
      return new Map(
        result.rows.map((r): [string, DayCounts] => {
          const stored: StoredCounts = typeof r.channels === "string" ? JSON.parse(r.channels) : r.channels;
          const day: DayCounts = {};
          for (const channel of BOOKING_CHANNELS) {
            const c = stored[channel];
            if (c) day[channel] = { ...c, started: c.bookings };
          }
          return [r.day, day];
        }),
      );
    },
    compute: (db, from, to) => computeCounts(db, from, to, now),
    empty: () => ({}),
    async write(tx, days) {
      const rows = days.map(([day, counts]) => {
        const channels: StoredCounts = {};
        for (const channel of BOOKING_CHANNELS) {
          const c = counts[channel];
          if (!c) continue;
          // Only days before now's venue day are written, and all their bookings have started.
          if (c.started !== c.bookings) throw new Error(`${day}: a stored day has bookings not started`);
          channels[channel] = {
            bookings: c.bookings,
            cancelled: c.cancelled,
            checkedIn: c.checkedIn,
            noShows: c.noShows,
          };
        }
        return { day, channels };
      });
      await tx.execute(sql`
        insert into report_booking_days (day, channels)
        select day, channels from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(day date, channels jsonb)
        on conflict (day) do update set channels = excluded.channels, computed_at = now()`);
    },
  };
}

export async function bookingsReport(db: Db, range: ReportRange, now: Date): Promise<BookingsReport> {
  const previousRange = periodBefore(range);
  // A day before now's venue day ended by now (a venue day's last start is before the next midnight).
  const lastClosed = addDaysToDate(venueToday(now), -1);
  const byDay = await reportDays(db, bookingDays(now), previousRange.from, range.to, lastClosed);
  const current = new Map(BOOKING_CHANNELS.map((channel) => [channel, zero()]));
  const previous = new Map(BOOKING_CHANNELS.map((channel) => [channel, zero()]));
  for (const [day, counts] of byDay) {
    const into = day >= range.from ? current : previous;
    for (const channel of BOOKING_CHANNELS) {
      const c = counts[channel];
      const sum = into.get(channel);
      if (!c || !sum) continue;
      sum.bookings += c.bookings;
      sum.cancelled += c.cancelled;
      sum.started += c.started;
      sum.checkedIn += c.checkedIn;
      sum.noShows += c.noShows;
    }
  }
  const counts = (sums: Map<BookingChannel, Counts>): ChannelCounts[] =>
    BOOKING_CHANNELS.map((channel) => ({ channel, ...(sums.get(channel) ?? zero()) }));
  return {
    report: "bookings",
    range,
    previousRange,
    channels: counts(current),
    previousChannels: counts(previous),
  };
}
