// Test support for the security and operations tests: a member row and a token for it, a
// WebSocket client that records what happens to it, and the refusals /metrics counts.
import { WebSocket } from 'ws';
import type { App } from '../app';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { newId } from '../ids';
import { buildTestApp, testClock, type TestAppOptions, type TestClock } from '../test/app';
import { signInAs } from '../auth/sessions';

/** An app listening on a free loopback port. */
export interface StartedApp {
  readonly app: App;
  /** http://127.0.0.1:PORT */
  readonly origin: string;
  readonly clock: TestClock;
  readonly database: Database;
  stop(): Promise<void>;
}

/** How many requests `app` has refused by `rule`, as matchkit_rejections_total counts them in /metrics. */
export async function rejections(app: App, rule: string): Promise<number> {
  const found = (await app.metrics.registry.getMetricsAsJSON()).find((m) => m.name === 'matchkit_rejections_total');
  return found?.values.find((v) => v.labels['rule'] === rule)?.value ?? 0;
}

/** Builds the app on a fresh database (or the one given) and starts it on 127.0.0.1, port 0. */
export async function startedApp(
  options: Pick<TestAppOptions, 'env' | 'modules' | 'wsKeepAliveMs' | 'database'> = {},
): Promise<StartedApp> {
  const clock = testClock();
  const app = await buildTestApp({ ...options, clock });
  const { origin } = await app.start(0, '127.0.0.1');
  return { app, origin, clock, database: app.deps.database, stop: () => app.stop() };
}

/** Inserts a member and returns their id and a valid token issued at `issuedAt` (default: the app's clock). */
export async function signedInMember(app: App, issuedAt?: number): Promise<{ userId: string; token: string; expiresAt: number }> {
  const { db, clock } = app.deps;
  const userId = newId('usr');
  const now = clock();
  await db.insert(users).values({
    id: userId,
    email: `${userId}@example.test`,
    username: userId,
    firstName: 'Test',
    lastName: 'Member',
    passwordHash: 'not-a-real-hash',
    referralCode: userId.slice(-8),
    adultConfirmedAt: new Date(now),
    createdAt: new Date(now),
  });
  const { token, expiresAt } = await signInAs(app.deps, userId, now, issuedAt === undefined ? {} : { issuedAt });
  return { userId, token, expiresAt };
}

/** A graphql-transport-ws client over `ws`, recording messages and how the socket ended. */
export interface WsProbe {
  readonly socket: WebSocket;
  /** Messages received, parsed. */
  readonly messages: { type: string; id?: string; payload?: unknown }[];
  /** Resolves when the upgrade succeeded, rejects with the HTTP status when it was refused. */
  readonly opened: Promise<void>;
  /** Resolves with the close code and reason. */
  readonly closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  /** Resolves with the first message of `type` (waiting for it if needed). */
  next(type: string): Promise<{ type: string; id?: string; payload?: unknown }>;
}

/** Opens a graphql-transport-ws socket to `origin`/graphql with the given upgrade headers. */
export function wsProbe(origin: string, headers: Record<string, string> = {}): WsProbe {
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers });
  const messages: WsProbe['messages'] = [];
  const waiters: { type: string; resolve: (m: WsProbe['messages'][number]) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as WsProbe['messages'][number];
    messages.push(message);
    for (const w of waiters.filter((x) => x.type === message.type)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(message);
    }
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) => {
      reject(new Error(`upgrade refused: ${res.statusCode}`));
      socket.terminate();
    });
    socket.once('error', reject);
  });
  opened.catch(() => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return {
    socket,
    messages,
    opened,
    closed,
    send: (message) => socket.send(JSON.stringify(message)),
    next(type) {
      const seen = messages.find((m) => m.type === type);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ type, resolve }));
    },
  };
}
