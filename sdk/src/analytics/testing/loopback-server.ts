// Test support only (not exported from any entry point): a real HTTP server on 127.0.0.1, port 0,
// that records every request and answers what the test tells it to, including slow answers.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  /** Path and query, as sent. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface Reply {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  /** Replaces the handler for the requests that follow. */
  respondWith(handler: Handler): void;
  close(): Promise<void>;
}

export const json = (status: number, value: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(value),
});

export async function startLoopbackServer(handler: Handler = () => json(200, { code: 200 })): Promise<LoopbackServer> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      Promise.resolve(current(recorded)).then(
        (reply) => {
          res.writeHead(reply.status, reply.headers);
          res.end(reply.body ?? '');
        },
        () => {
          res.destroy();
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    respondWith(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A promise with its resolve exposed, to hold a reply until the test releases it. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** An origin nothing listens on: a port that was free a moment ago. */
export async function closedOrigin(): Promise<string> {
  const s = await startLoopbackServer();
  await s.close();
  return s.origin;
}

export interface RecordingLogger {
  readonly lines: { level: 'warn' | 'error'; message: string; details: unknown[] }[];
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

/** A logger that keeps what it is told, for assertions. */
export function recordingLogger(): RecordingLogger {
  const lines: RecordingLogger['lines'] = [];
  return {
    lines,
    warn: (message, ...details) => lines.push({ level: 'warn', message, details }),
    error: (message, ...details) => lines.push({ level: 'error', message, details }),
  };
}
