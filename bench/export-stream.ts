// Issue 33 item 4: "the year's bookings export streamed at a steady memory". Downloads the bookings
// CSV of the last year of history from the production server (GET /api/admin/exports/bookings, as
// the owner), reading the body as it comes. The caller starts that server with its heap held to a
// budget (decision 048): the figure is whether the download completed, and how many rows came
// before it ended; for information, the rows and bytes per second and the server's resident memory
// (sampled from /proc every 20 ms) over what it held just before the request.
import { readFileSync } from "node:fs";
import { addDaysToDate } from "../src/domain/venue-time";
import { signInCookie } from "./frontend";
import type { ExportStreamFigure } from "./results";

const rssBytes = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
};

export async function measureExportStream(
  url: string,
  pid: number,
  today: string,
): Promise<ExportStreamFigure> {
  const cookie = await signInCookie(url, "admin@backspin-social.example", "demo-admin-2026");
  const range = { from: addDaysToDate(today, -365), to: addDaysToDate(today, -1) };
  const headers = { cookie, origin: url };
  // A small export first, so the route's code and the session are warm before the baseline.
  await (
    await fetch(`${url}/api/admin/exports/bookings?from=${range.to}&to=${range.to}`, { headers })
  ).text();
  const baseline = rssBytes(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  let error: string | undefined;
  try {
    const response = await fetch(`${url}/api/admin/exports/bookings?from=${range.from}&to=${range.to}`, {
      headers,
    });
    if (response.status !== 200 || !response.body) throw new Error(`the export answered ${response.status}`);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
  } catch (e) {
    // The server broke the download off (ran out of heap, or failed while streaming).
    error =
      e instanceof Error
        ? e.cause instanceof Error
          ? `${e.message}: ${e.cause.message}`
          : e.message
        : String(e);
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssBytes(pid));
  const seconds = (performance.now() - started) / 1000;
  const rows = Math.max(0, lines - 1); // less the header line
  return {
    from: range.from,
    to: range.to,
    rows,
    megabytes: Math.round(bytes / 2 ** 20),
    seconds: Math.round(seconds * 10) / 10,
    rowsPerSecond: Math.round(rows / seconds),
    baselineRssMb: Math.round(baseline / 2 ** 20),
    rssGrowthMb: Math.round(((peak - baseline) / 2 ** 20) * 10) / 10,
    ...(error ? { error } : {}),
  };
}
