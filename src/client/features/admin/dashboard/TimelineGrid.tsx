import { Group, Text } from "@mantine/core";
import type { AdminDayResponse, AdminEventBlock, AdminReservation } from "../../../../contracts/admin";
import { TIMELINE_HOURS, TIMELINE_START_HOUR, timelinePlacement } from "../../../../domain/admin-schedule";
import { formatTime12, minutesOf, timeOf, venueNowTime, venueToday } from "../../../../domain/venue-time";
import classes from "./TimelineGrid.module.css";
import { useMinuteClock } from "./use-minute-clock";

type Props = {
  day: AdminDayResponse;
  onReservation: (r: AdminReservation) => void;
  onEvent: (e: AdminEventBlock) => void;
};

const HOURS = Array.from({ length: TIMELINE_HOURS }, (_, i) => TIMELINE_START_HOUR + i);
const hourLabel = (h: number) => formatTime12(timeOf(h * 60)).replace(":00", "");
const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

/**
 * SPEC §2 Admin Dashboard, grid view: hour columns from 8 AM across 15 columns, one row per active
 * facility, reservation and event blocks placed and sized by their times, and on today's date a
 * current-time line. Scrolls sideways on narrow screens, with the facility names kept in view.
 */
export function TimelineGrid({ day, onReservation, onEvent }: Props) {
  // SPEC §9 Admin timeline: the current venue time, re-read every 60 seconds.
  const now = useMinuteClock();
  const isToday = day.date === venueToday(now);
  const nowFraction = isToday
    ? (minutesOf(venueNowTime(now)) - TIMELINE_START_HOUR * 60) / (TIMELINE_HOURS * 60)
    : null;
  const byFacility = new Map<number, AdminReservation[]>();
  for (const r of day.reservations)
    byFacility.set(r.facilityId, [...(byFacility.get(r.facilityId) ?? []), r]);
  const eventsOn = (courtId: number) => day.events.filter((e) => e.courts.includes(courtId));

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className={classes.scroller} aria-label="Reservations timeline" tabIndex={0}>
      <div className={classes.grid}>
        <div className={classes.header}>
          <div className={classes.label}>{day.facilityType === "court" ? "Court" : "Dart Bay"}</div>
          <div className={classes.hours}>
            {HOURS.map((h) => (
              <div key={h} className={classes.hour}>
                {hourLabel(h)}
              </div>
            ))}
          </div>
        </div>
        <div className={classes.body}>
          {day.facilities.map((f) => (
            <div key={f.id} className={classes.row} data-testid={`timeline-row-${f.name}`}>
              <div className={classes.label}>{f.name}</div>
              <div className={classes.track}>
                {eventsOn(f.id).map((e) => (
                  <Block
                    key={`event-${e.id}`}
                    className={classes.event}
                    startTime={e.startTime}
                    endTime={e.endTime}
                    title={e.name}
                    time={e.displayTime}
                    label={`Event ${e.name}, ${f.name}, ${e.displayTime}`}
                    onClick={() => onEvent(e)}
                  />
                ))}
                {(byFacility.get(f.id) ?? []).map((r) => (
                  <Block
                    key={r.id}
                    className={`${
                      r.status === "pending"
                        ? classes.pending
                        : r.isAdminCreated
                          ? classes.staff
                          : classes.confirmed
                    } ${r.checkedInAt ? classes.checkedIn : r.noShowAt ? classes.noShow : ""}`}
                    startTime={r.startTime}
                    endTime={r.endTime}
                    title={`${r.checkedInAt ? "✓ " : r.noShowAt ? "✗ " : ""}${r.customerName}`}
                    time={r.displayTime}
                    label={`${r.customerName}, ${f.name}, ${r.displayTime}${attendanceWords(r)}`}
                    onClick={() => onReservation(r)}
                  />
                ))}
              </div>
            </div>
          ))}
          {nowFraction !== null && nowFraction >= 0 && nowFraction <= 1 && (
            <div
              className={classes.now}
              data-testid="current-time-line"
              aria-hidden
              style={{ left: `calc(var(--label-w) + (100% - var(--label-w)) * ${nowFraction.toFixed(5)})` }}
            />
          )}
        </div>
      </div>
      {day.facilities.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {day.facilityType === "court" ? "No active courts" : "No active dart bays"}
        </Text>
      )}
      <Legend />
    </section>
  );
}

function Block(props: {
  className: string | undefined;
  startTime: string;
  endTime: string;
  title: string;
  time: string;
  label: string;
  onClick: () => void;
}) {
  const place = timelinePlacement(props.startTime, props.endTime);
  if (!place) return null;
  return (
    <button
      type="button"
      className={`${classes.block} ${props.className ?? ""}`}
      style={{ left: percent(place.left), width: `calc(${percent(place.width)} - 2px)` }}
      aria-label={props.label}
      title={`${props.title} · ${props.time}`}
      onClick={props.onClick}
    >
      <span className={classes.blockTitle}>{props.title}</span>
      <span className={classes.blockTime}>{props.time}</span>
    </button>
  );
}

/** Issue 33: a block says whether the player is in, for screen readers too. */
const attendanceWords = (r: AdminReservation) =>
  r.checkedInAt ? ", checked in" : r.noShowAt ? ", no-show" : "";

function Legend() {
  const items = [
    { className: classes.confirmed, label: "Confirmed" },
    { className: classes.pending, label: "Pending" },
    { className: classes.staff, label: "Staff booking" },
    { className: classes.event, label: "Event" },
    { className: `${classes.confirmed} ${classes.checkedIn}`, label: "✓ Checked in" },
    { className: classes.noShowKey, label: "✗ No-show" },
  ];
  return (
    <Group gap="md" p="xs" style={{ position: "sticky", left: 0 }}>
      {items.map((i) => (
        <Group key={i.label} gap={6}>
          <span
            className={i.className}
            style={{ width: 12, height: 12, borderRadius: 3, display: "inline-block" }}
          />
          <Text size="xs">{i.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
