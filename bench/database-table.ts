// The table a database's part prints: every figure it measured, as req/s, p50 and p99.
import type { LatencyFigure } from "./load";
import type { DatabaseResult } from "./results";
import { windowsText } from "./settings";

export function table(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  ")).join("\n");
}

/**
 * Whether a figure met the server (or floor) just after its start or warm (issue 35 item 5): the
 * first rush after a start is slower than later ones (docs/decisions/024, 036), so the table says
 * which is which. Each part starts its own server: the uncached one takes availability (alternating
 * with the grown copy's server, which takes those reads only), then holds, contention, three rushes
 * and the journeys; the cached one takes reads only.
 */
export const STATE = {
  first: "first after start",
  warm: "warm",
} as const;

/** One database's table: its heading, then every figure as req/s, p50 and p99, first or warm. */
export function databaseTable(r: DatabaseResult): string[] {
  const lines: string[] = [];
  const s = r.seed;
  lines.push(
    "",
    s
      ? `== ${r.database}: ${s.reservations} reservations in the next 14 days (${Math.round(s.fill * 100)}% booked), ${s.members} members, ${s.events} events; busiest day ${s.busiestDate}`
      : `== ${r.database}: FAILED to seed`,
  );
  const rows = [["figure", "req/s", "p50 ms", "p99 ms", "server"]];
  const add = (prefix: string, figures: LatencyFigure[], state: string) => {
    for (const f of figures)
      rows.push([`${prefix}, ${f.label}, ${f.connections} conn`, `${f.rps}`, `${f.p50}`, `${f.p99}`, state]);
  };
  // Every availability figure follows 2 s of the same load (bench/load.ts); a window alternating
  // with the grown copy's (the budgets' 16 connections when there is one), the windows before it and
  // a second of its own.
  const readsWarm = `${STATE.warm} (2 s of the same load first)`;
  const windowsWarm = `${STATE.warm} (${windowsText} alternating with the grown copy's)`;
  for (const f of r.uncached) {
    const state = r.uncachedTwin.includes(f) ? windowsWarm : readsWarm;
    rows.push([
      `availability UNCACHED, ${f.label}, ${f.connections} conn`,
      `${f.rps}`,
      `${f.p50}`,
      `${f.p99}`,
      state,
    ]);
  }
  add("availability cached (1 s, info)", r.cached, readsWarm);
  if (r.growth)
    add(
      `UNCACHED + growth (${r.growth.abandonedHolds} abandoned holds, ${r.growth.futureBookings} future bookings${r.growth.closures ? `, ${r.growth.closures} closures, ${r.growth.specialDays} special days` : ""}${r.history ? `, ${r.history.reservations} rows in all` : ""})`,
      r.uncachedWithGrowth,
      windowsWarm,
    );
  // The seeded database is the twin: its rows are the budgets' figures above, the same windows.
  add(
    "UNCACHED, its twin without the growth (the seeded database: the rows above)",
    r.uncachedTwin,
    windowsWarm,
  );
  const floorAlternating = r.rawFloorTwin !== undefined && r.rawFloorTwin === r.rawFloor;
  for (const [name, f, state] of [
    [
      "raw floor (driver loop, 16 concurrent)",
      r.rawFloor,
      floorAlternating
        ? `${STATE.warm} (${windowsText} alternating with the grown copy's, 1 s of loops each)`
        : `${STATE.warm} (2 s of loops first)`,
    ],
    [`  + growth (${windowsText} alternating)`, r.rawFloorWithGrowth, `${STATE.warm} (1 s of loops)`],
    ...(floorAlternating
      ? []
      : ([
          ["  its twin without the growth (same windows)", r.rawFloorTwin, `${STATE.warm} (1 s of loops)`],
        ] as const)),
  ] as const) {
    if (f) rows.push([name, `${f.perSecond}`, `${f.p50}`, `${f.p99}`, state]);
  }
  for (const [name, f] of [
    ["bare node:http answer, same size (the floor's HTTP half), 16 conn", r.bareAvailability],
    ["the lookup's floor served: its read + that answer, one node:http process, 16 conn", r.servedFloor],
  ] as const) {
    if (f) rows.push([name, `${f.rps}`, `${f.p50}`, `${f.p99}`, readsWarm]);
  }
  if (r.pgbench) {
    rows.push([
      "pgbench, the lookup's statement, 16 clients",
      `${r.pgbench.perSecond}`,
      `${r.pgbench.latencyAverageMs} (avg)`,
      "",
      `${STATE.first} (new connections)`,
    ]);
  }
  if (r.holds) {
    rows.push([
      `holds: ${r.holds.holds} by ${r.holds.clients} clients, no collisions (holds/s)`,
      `${r.holds.holdsPerSecond}`,
      `${r.holds.p50}`,
      `${r.holds.p99}`,
      `${STATE.first} (the server's first holds; reads before)`,
    ]);
  }
  if (r.contention) {
    const c = r.contention;
    rows.push([
      `contention: ${c.clients} clients, one slot (${c.date} ${c.startTime}), ${c.winners} won`,
      "",
      `${c.p50}`,
      `${c.p99}`,
      `${STATE.warm} (after the holds)`,
    ]);
  }
  r.rushRounds.forEach((x, i) => {
    const which = i === 0 ? ", the server's first" : x === r.rush ? ", the median" : "";
    rows.push([
      `rush ${i + 1} of ${r.rushRounds.length}${which}: ${x.clients} clients, ${x.date}, ${x.winners} won of ${x.freePlaces} places, ${x.requests} requests in ${x.seconds} s`,
      "",
      `${x.requestP50}`,
      `${x.requestP99}`,
      i === 0 ? `${STATE.first} (its first rush)` : `${STATE.warm} (${i} rush${i > 1 ? "es" : ""} before)`,
    ]);
  });
  if (r.rush) {
    const x = r.rush;
    rows.push([
      `the median rush (${r.rushRounds.indexOf(x) + 1} of ${r.rushRounds.length}):`,
      "",
      "",
      "",
      "",
    ]);
    rows.push([
      `  first preferences, sent at the opening (${x.clients})`,
      "",
      `${x.firstP50}`,
      `${x.firstP99}`,
    ]);
    rows.push([
      `  fallbacks after a 409 (${x.requests - x.clients})`,
      "",
      `${x.fallbackP50}`,
      `${x.fallbackP99}`,
    ]);
    rows.push([
      `  losers told (from the opening), ${x.losersOffered} of ${x.losers} offered a next time`,
      "",
      "",
      `${x.loserToldP99}`,
    ]);
  }
  if (r.journey) {
    const j = r.journey;
    rows.push([
      `journey: ${j.bookings} bookings, ${j.clients} clients (${j.bookingsPerSecond} bookings/s)`,
      "",
      `${j.p50}`,
      `${j.p99}`,
      `${STATE.warm} (after the rushes)`,
    ]);
  }
  for (const f of r.failures) rows.push([`FAILED: ${f.part}`, "", "", "", ""]);
  lines.push(table(rows));
  return lines;
}
