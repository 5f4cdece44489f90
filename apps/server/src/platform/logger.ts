import pino from "pino";

/** Keys whose values never reach a log line. */
const redact = [
  "req.headers.authorization",
  "req.headers.cookie",
  "password",
  "*.password",
  "token",
  "*.token",
  "secret",
  "*.secret",
  "*.client_secret",
  "*.apiKey",
];

export function createLogger(level: string) {
  return pino({ level, redact: { paths: redact, censor: "[redacted]" }, base: { app: "mnemo" } });
}
export type Logger = ReturnType<typeof createLogger>;
