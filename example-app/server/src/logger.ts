// Structured logs (pino), one JSON line per event, with the request id. Secrets never reach a log:
// headers that carry them, and any field named like a secret, are redacted wherever they appear.
import pino, { type Logger } from 'pino';

export type { Logger };

/** Paths pino censors in every log line. */
export const REDACT_PATHS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'secret',
  'apiKey',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.secret',
  '*.apiKey',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["x-api-key"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  '*.headers["x-api-key"]',
];

/** A logger writing JSON lines to `destination` (stdout by default). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: 'matchkit-server' },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
