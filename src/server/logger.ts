import { createRequire } from "node:module";
import pino from "pino";

export type Logger = pino.Logger;

/** pino-pretty is a devDependency: a production install without it still starts, logging JSON. */
function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

export function createLogger(level: string, pretty = false): Logger {
  const usePretty = pretty && prettyAvailable();
  return pino({
    level,
    redact: {
      paths: ["req.headers.cookie", "password", "*.password", "newPassword", "*.newPassword", "passwordHash"],
      censor: "[redacted]",
    },
    ...(usePretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
  });
}
