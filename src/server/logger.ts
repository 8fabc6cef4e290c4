import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string, pretty = false): Logger {
  return pino({
    level,
    redact: {
      paths: ["req.headers.cookie", "password", "*.password", "newPassword", "*.newPassword", "passwordHash"],
      censor: "[redacted]",
    },
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
  });
}
