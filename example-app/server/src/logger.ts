// Structured logs (pino), one JSON line per event, with the request id. Secrets never reach a log:
// headers that carry them, and any field named like a secret, are redacted wherever they appear.
// A failed database query is logged by its SQL text and the database's error code, never with its
// parameters (what a member typed: a login, an address) or the values the database's message and
// detail may quote.
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
  'appKey',
  'sessionToken',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.secret',
  '*.apiKey',
  '*.appKey',
  '*.sessionToken',
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
    serializers: { err: errorForLog },
    base: { service: 'matchkit-server' },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}

/** An error as a log line shows it (pino's `err` serializer, and yoga's error lines). */
export interface LoggedError {
  readonly type: string;
  readonly message: string;
  readonly stack?: string | undefined;
  /** A database error's SQLSTATE code. */
  readonly code?: string;
  /** The SQL text of a failed query (its placeholders, never its parameters). */
  readonly query?: string;
  readonly table?: string;
  readonly column?: string;
  readonly constraint?: string;
  readonly cause?: LoggedError;
}

/** A failed drizzle query (DrizzleQueryError): its message and enumerable fields carry the parameters. */
function isFailedQuery(error: Error): error is Error & { query: string; params: unknown } {
  return 'query' in error && 'params' in error && typeof (error as { query: unknown }).query === 'string';
}

/** A database driver's error (pg's DatabaseError, PGlite's): an SQLSTATE code and a message that may quote a value. */
function isDatabaseError(error: Error): error is Error & { code: string; table?: string; column?: string; constraint?: string } {
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** `text` with every quoted part ("...") censored: the database quotes the values it refuses. */
function withoutQuoted(text: string): string {
  return text.replace(/"[^"]*"/g, '"[redacted]"');
}

/** The stack with `message` (its first lines) replaced by `safe`. */
function restack(error: Error, safe: string): string | undefined {
  if (error.stack === undefined) return undefined;
  const head = `${error.name}: ${error.message}`;
  return error.stack.startsWith(head) ? `${error.name}: ${safe}${error.stack.slice(head.length)}` : `${error.name}: ${safe}`;
}

/**
 * What a log line may show of `error`: type, message, stack and cause, with a failed query's
 * parameters left out (its SQL text kept) and a database error's quoted values and detail left out.
 */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  // A GraphQLError wrapping a resolver's error copies its message and stack (a failed query's
  // parameters included): log what the original may show, under the wrapper's name.
  const original = (error as { originalError?: unknown }).originalError;
  if (depth < 3 && original instanceof Error && original !== error) {
    const inner = errorForLog(original, depth + 1);
    return { ...inner, type: `${error.constructor.name} from ${inner.type}` };
  }
  const cause = depth < 3 && error.cause !== undefined ? errorForLog(error.cause, depth + 1) : undefined;
  const base = { type: error.constructor.name, ...(cause === undefined ? {} : { cause }) };
  // PGlite's own error carries the query and its parameters too: a database error first.
  const query = isFailedQuery(error) ? { query: error.query } : {};
  if (isDatabaseError(error)) {
    const message = withoutQuoted(error.message);
    return {
      ...base,
      message,
      code: error.code,
      ...query,
      stack: restack(error, message),
      ...(error.table === undefined ? {} : { table: error.table }),
      ...(error.column === undefined ? {} : { column: error.column }),
      ...(error.constraint === undefined ? {} : { constraint: error.constraint }),
    };
  }
  if (isFailedQuery(error)) {
    const message = `Failed query: ${error.query}`;
    return { ...base, message, query: error.query, stack: restack(error, message) };
  }
  return { ...base, message: error.message, ...(error.stack === undefined ? {} : { stack: error.stack }) };
}

/**
 * An error for a person at a terminal (the maintenance commands): errorForLog's message (its type
 * when it has none) with a database error's code and the table, column or constraint it names,
 * then each cause's on a line of its own; no stack.
 */
export function errorLines(error: unknown): string {
  const lines: string[] = [];
  for (let e: LoggedError | undefined = errorForLog(error); e !== undefined; e = e.cause) {
    // The database's identifiers (never its values): its code, and the table, column or constraint.
    const where = [e.code, ...(['table', 'column', 'constraint'] as const).map((k) => (e?.[k] === undefined ? undefined : `${k} ${e[k]}`))];
    const said = where.filter((part) => part !== undefined);
    lines.push(`${lines.length === 0 ? '' : 'caused by: '}${e.message || e.type}${said.length === 0 ? '' : ` (${said.join('; ')})`}`);
  }
  return lines.join('\n');
}

/** An error as one line of text for yoga's log lines: errorForLog's stack (or message) and its causes. */
export function errorText(error: unknown): string {
  const logged = errorForLog(error);
  const parts: string[] = [];
  for (let e: LoggedError | undefined = logged; e !== undefined; e = e.cause) parts.push(e.stack ?? `${e.type}: ${e.message}`);
  return parts.join('\ncaused by: ');
}
