import pino from "pino";
import { devLogLine, devRequestLine, type RequestEntry } from "./dev-log-line";

export type Logger = pino.Logger;

/** Colours only for a terminal that wants them (NO_COLOR: https://no-color.org). */
export function wantsColour(): boolean {
  if (process.env.NO_COLOR) return false;
  return Boolean(process.env.FORCE_COLOR) || process.stdout.isTTY === true;
}

/**
 * Development's console (LOG_FORMAT=pretty): each entry pino writes is printed as one short line
 * (lib/dev-log-line.ts). The entries themselves are the same as production's JSON.
 */
function devConsole(colours: boolean): pino.DestinationStream {
  return {
    write(line: string) {
      process.stdout.write(devLogLine(JSON.parse(line) as Record<string, unknown>, colours));
    },
  };
}

/**
 * Production's destination (decision 045): stdout written asynchronously in batches. A line waits
 * in the buffer until BATCH_BYTES have gathered or FLUSH_MS have passed, whichever comes first, so
 * a busy server makes one write of many lines instead of one a line (about 3% of the server's CPU
 * in the paid booking was the pipe's writes) and a quiet one still writes each line within FLUSH_MS.
 * pino flushes the buffer synchronously when the process exits, a crash included (an uncaught
 * exception, process.exit after a graceful shutdown); only a kill that runs no code (SIGKILL, an
 * abort) loses what the buffer holds, at most FLUSH_MS of lines.
 */
export const LOG_BATCH = { bytes: 4096, flushMs: 200 };

function batchedStdout(): pino.DestinationStream {
  return pino.destination({
    dest: 1,
    sync: false,
    minLength: LOG_BATCH.bytes,
    periodicFlush: LOG_BATCH.flushMs,
  });
}

export function createLogger(level: string, pretty = false): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ["req.headers.cookie", "password", "*.password", "newPassword", "*.newPassword", "passwordHash"],
      censor: "[redacted]",
    },
  };
  if (!pretty) return pino(options, batchedStdout());
  const colours = wantsColour();
  const logger = pino(options, devConsole(colours));
  requestLineWriters.set(logger, (entry) => {
    if (logger.isLevelEnabled("info")) process.stdout.write(devRequestLine(entry, colours));
  });
  return logger;
}

/** The access log's entry: what a request's line says (http/access-log.ts). */
export type AccessEntry = RequestEntry & { reqId: string; ip: string };

const requestLineWriters = new WeakMap<Logger, (entry: AccessEntry) => void>();

/**
 * How the access log writes a request's line with this logger: pino's "request" entry, except on
 * development's console, where the short line is written straight from the fields: made as JSON and
 * parsed again, it was most likely what kept npm start's CPU per cached read above production's
 * (0.12 against 0.08 ms, docs/performance.md; issue 35 item 4).
 */
export function requestLineWriter(logger: Logger): (entry: AccessEntry) => void {
  return requestLineWriters.get(logger) ?? ((entry) => logger.info(entry, "request"));
}
