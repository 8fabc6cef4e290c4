import pino from "pino";
import { devLogLine } from "./dev-log-line";

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
function devConsole(): pino.DestinationStream {
  const colours = wantsColour();
  return {
    write(line: string) {
      process.stdout.write(devLogLine(JSON.parse(line) as Record<string, unknown>, colours));
    },
  };
}

export function createLogger(level: string, pretty = false): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ["req.headers.cookie", "password", "*.password", "newPassword", "*.newPassword", "passwordHash"],
      censor: "[redacted]",
    },
  };
  return pretty ? pino(options, devConsole()) : pino(options);
}
