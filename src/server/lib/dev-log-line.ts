/**
 * How development prints pino's entries (LOG_FORMAT=pretty): one short line each, so a newcomer's
 * terminal stays readable. An access entry becomes "12:03:04 GET /api/holds/:id 201 3.1 ms";
 * warnings and errors stand out in colour with their fields, an error with its stack. What is
 * logged is unchanged: production's JSON lines (docs/monitoring.md) never come through here.
 */

type Entry = Record<string, unknown>;

const LEVELS: Record<number, { label: string; colour: number }> = {
  60: { label: "FATAL", colour: 31 },
  50: { label: "ERROR", colour: 31 },
  40: { label: "WARN", colour: 33 },
};
/** pino's own fields, shown another way or not at all. */
const HIDDEN = new Set(["level", "time", "pid", "hostname", "msg", "err"]);
/** A path segment that looks like a secret or an id: long, letters and digits (tokens, UUIDs). */
const TOKEN_SEGMENT = /^(?=.*\d)[A-Za-z0-9_-]{16,}$/;

const paint = (colours: boolean, code: number, text: string) =>
  colours ? `\u001b[${code}m${text}\u001b[39m` : text;

// The clock's text, remembered for its second: a busy server prints thousands of lines a second,
// and formatting a Date in the local zone is the dearest part of a line.
let clockSecond = Number.NaN;
let clockText = "";

function clock(time: unknown): string {
  const ms = typeof time === "number" ? time : Date.now();
  const second = Math.floor(ms / 1000);
  if (second !== clockSecond) {
    clockText = new Date(ms).toTimeString().slice(0, 8);
    clockSecond = second;
  }
  return clockText;
}

/** The route's template when it has parameters, otherwise the path with token-like segments hidden. */
export function requestTarget(route: unknown, path: unknown): string {
  if (typeof route === "string" && route.includes(":")) return route;
  if (typeof path !== "string") return typeof route === "string" ? route : "?";
  return path
    .split("/")
    .map((segment) => (TOKEN_SEGMENT.test(segment) ? ":token" : segment))
    .join("/");
}

function fields(entry: Entry): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(entry)) {
    if (HIDDEN.has(key) || value === undefined) continue;
    parts.push(`${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  }
  return parts.join(" ");
}

function statusColour(status: number): number {
  if (status >= 500) return 31;
  if (status >= 400) return 33;
  return 32;
}

/** What the access log says of a request (http/access-log.ts): the fields of its "request" entry. */
export type RequestEntry = {
  method: string;
  path?: string;
  route: string;
  status: number;
  ms?: number;
};

/**
 * A request's line, "12:03:04 GET /api/holds/:id 201 3.1 ms". Development's logger writes it
 * straight from the access log's fields (lib/logger.ts), without a JSON entry made and read again.
 */
export function devRequestLine(entry: RequestEntry, colours: boolean, time: number = Date.now()): string {
  const target = requestTarget(entry.route, entry.path);
  const status = paint(colours, statusColour(entry.status), String(entry.status));
  return `${paint(colours, 90, clock(time))} ${entry.method} ${target} ${status} ${entry.ms ?? "?"} ms\n`;
}

/** One pino entry as development prints it (with a trailing newline). */
export function devLogLine(entry: Entry, colours: boolean): string {
  const level = LEVELS[typeof entry.level === "number" ? entry.level : 30];
  const message = typeof entry.msg === "string" ? entry.msg : "";
  if (message === "request" && typeof entry.method === "string" && typeof entry.status === "number") {
    const time = typeof entry.time === "number" ? entry.time : undefined;
    return devRequestLine(entry as RequestEntry, colours, time);
  }
  const time = paint(colours, 90, clock(entry.time));
  const extra = fields(entry);
  const head = level ? `${paint(colours, level.colour, level.label)} ` : "";
  const text = level ? paint(colours, level.colour, message) : message;
  const err = entry.err as { stack?: unknown; message?: unknown } | undefined;
  const stack = err ? `\n${String(err.stack ?? err.message ?? JSON.stringify(err))}` : "";
  return `${time} ${head}${text}${extra ? ` ${extra}` : ""}${stack}\n`;
}
