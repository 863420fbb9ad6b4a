// A local Betfair for tests, speaking the documented formats (protocol.ts, betting.ts): a TLS
// server on 127.0.0.1 with a certificate made for the run, talking the Exchange Stream API (CRLF
// JSON lines: connection, authentication, marketSubscription, mcm with SUB_IMAGE / deltas /
// HEARTBEAT / RESUB_DELTA, status), and an HTTPS server with listMarketCatalogue, login and
// keepAlive. It keeps its own clock: every change gets the next clock value, and a subscription
// carrying a clk is answered with a RESUB_DELTA holding only the changes after that clock, merged
// per market and runner (con: true), as Betfair resumes a subscription.
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer, type Server as TlsServer, type TLSSocket } from 'node:tls';
import { loopbackCertificate, type LoopbackCertificate } from '../../test/loopback-certificate';
import type { MarketCatalogue } from './betting';
import type { MarketChange, MarketChangeMessage, MarketDefinition, RunnerChange, StreamResponse } from './protocol';

/** A runner of a fake market. */
export interface FakeRunner {
  readonly id: number;
  readonly name: string;
  /** Best back and lay as [price, size]; null: none. */
  back: readonly [number, number] | null;
  lay: readonly [number, number] | null;
  status: 'ACTIVE' | 'REMOVED' | 'WINNER' | 'LOSER';
}

/** A fake market: its catalogue entry and its live state. */
export interface FakeMarket {
  readonly id: string;
  readonly name: string;
  readonly eventId: string;
  readonly eventName: string;
  readonly eventTypeId: string;
  readonly competition?: string;
  readonly venue?: string;
  readonly marketType: string;
  readonly startsAt: number;
  readonly numberOfWinners: number;
  status: 'OPEN' | 'SUSPENDED' | 'CLOSED';
  inPlay: boolean;
  readonly runners: FakeRunner[];
}

/** What the fake received, in order. */
export interface FakeRequestLog {
  readonly op: string;
  readonly body: Record<string, unknown>;
}

export interface BetfairFake {
  readonly host: string;
  readonly streamPort: number;
  readonly bettingUrl: string;
  readonly identityUrl: string;
  /** The certificate authority to trust (the fake's self-signed certificate). */
  readonly ca: string;
  readonly appKey: string;
  /** A valid session token. */
  readonly session: string;
  /** Markets, by id (change them through the methods below, which publish the change). */
  readonly markets: ReadonlyMap<string, FakeMarket>;
  /** Adds a market (published to subscribers as a new market with its definition and prices). */
  addMarket(market: FakeMarket): void;
  /** Sets a runner's best back and/or lay (null removes it) and publishes the delta. */
  setPrices(
    marketId: string,
    runnerId: number,
    prices: { back?: readonly [number, number] | null; lay?: readonly [number, number] | null },
  ): void;
  /** Sets a market's status or a runner's status and publishes the new definition. */
  setStatus(marketId: string, status: FakeMarket['status'], inPlay?: boolean): void;
  setRunnerStatus(marketId: string, runnerId: number, status: FakeRunner['status']): void;
  /** Closes every client socket at once (a dropped stream). */
  dropConnections(): void;
  /** While true, the stream sends nothing at all (no deltas, no heartbeats), keeping the socket open. */
  silent: boolean;
  /** The error code the next authentications are refused with (null: accept). */
  refuseAuth: string | null;
  /** The error code the next subscriptions are refused with (null: accept). */
  refuseSubscription: string | null;
  /** While true, every change message says `status: 503` (Betfair's own data is late). */
  late: boolean;
  /** When set, images and resubscription deltas of several markets come in segments this many ms apart. */
  segmentMs: number | null;
  /** The most markets one subscription may hold (more: SUBSCRIPTION_LIMIT_EXCEEDED); null: no limit. */
  marketLimit: number | null;
  /** How long every HTTPS answer waits, ms. */
  httpDelayMs: number;
  /** Makes every session issued so far invalid (an expired session), on the stream and over HTTPS. */
  expireSessions(): void;
  /** Requests received on the stream. */
  readonly streamRequests: readonly FakeRequestLog[];
  /** HTTP requests received (operation and headers, for checks). */
  readonly httpRequests: readonly { readonly operation: string; readonly headers: Record<string, string | string[] | undefined> }[];
  /** How many SUB_IMAGE and RESUB_DELTA messages were sent, and how many connections were accepted. */
  readonly sent: { images: number; resubs: number; connections: number };
  /** The current clock value. */
  readonly clock: number;
  /** Client sockets open now. */
  readonly connected: number;
  close(): Promise<void>;
}

export interface BetfairFakeOptions {
  readonly certificate?: LoopbackCertificate;
  /** The fake's clock (the pt it stamps). @defaultValue Date.now */
  readonly now?: () => number;
}

const APP_KEY = 'fake-app-key';
const SESSION = 'fake-session-token';
const token = (n: number): string => Buffer.from(`clk:${n}`).toString('base64');
const untoken = (t: unknown): number | null => {
  if (typeof t !== 'string') return null;
  const m = /^clk:(\d+)$/.exec(Buffer.from(t, 'base64').toString('utf8'));
  return m === null ? null : Number(m[1]);
};

function definitionOf(m: FakeMarket): MarketDefinition {
  return {
    eventId: m.eventId,
    eventTypeId: m.eventTypeId,
    marketType: m.marketType,
    marketTime: new Date(m.startsAt).toISOString(),
    countryCode: 'GB',
    ...(m.venue === undefined ? {} : { venue: m.venue }),
    numberOfWinners: m.numberOfWinners,
    marketBaseRate: 5,
    inPlay: m.inPlay,
    status: m.status,
    runners: m.runners.map((r, i) => ({ id: r.id, status: r.status, sortPriority: i + 1 })),
  };
}

function imageOf(m: FakeMarket): MarketChange {
  return {
    id: m.id,
    img: true,
    marketDefinition: definitionOf(m),
    rc: m.runners.map((r) => ({
      id: r.id,
      ...(r.back === null ? {} : { batb: [[0, r.back[0], r.back[1]]] }),
      ...(r.lay === null ? {} : { batl: [[0, r.lay[0], r.lay[1]]] }),
    })),
  };
}

function catalogueOf(m: FakeMarket): MarketCatalogue {
  return {
    marketId: m.id,
    marketName: m.name,
    marketStartTime: new Date(m.startsAt).toISOString(),
    eventType: { id: m.eventTypeId, name: m.eventTypeId === '7' ? 'Horse Racing' : 'Soccer' },
    ...(m.competition === undefined ? {} : { competition: { id: `c-${m.competition}`, name: m.competition } }),
    event: { id: m.eventId, name: m.eventName, countryCode: 'GB', ...(m.venue === undefined ? {} : { venue: m.venue }) },
    runners: m.runners.map((r, i) => ({ selectionId: r.id, runnerName: r.name, handicap: 0, sortPriority: i + 1 })),
  };
}

/** Merges the changes after a clock into one change per market (later values win), as a resubscription delta. */
export function mergeChanges(changes: readonly MarketChange[]): MarketChange[] {
  const byMarket = new Map<
    string,
    { definition?: MarketDefinition; img: boolean; runners: Map<number, Map<string, Map<number, number[]>>>; count: number }
  >();
  for (const c of changes) {
    let m = byMarket.get(c.id);
    if (m === undefined || c.img === true) {
      m = { img: c.img === true, runners: new Map(), count: 0 };
      byMarket.set(c.id, m);
    }
    m.count += 1;
    if (c.marketDefinition !== undefined) m.definition = c.marketDefinition;
    for (const rc of c.rc ?? []) {
      let r = m.runners.get(rc.id);
      if (r === undefined) m.runners.set(rc.id, (r = new Map()));
      for (const side of ['batb', 'batl'] as const) {
        let levels = r.get(side);
        if (levels === undefined) r.set(side, (levels = new Map()));
        for (const entry of rc[side] ?? []) levels.set(entry[0] ?? 0, [...entry]);
      }
    }
  }
  return [...byMarket].map(([id, m]) => ({
    id,
    ...(m.img ? { img: true } : {}),
    ...(m.count > 1 ? { con: true } : {}),
    ...(m.definition === undefined ? {} : { marketDefinition: m.definition }),
    rc: [...m.runners].map(([rid, sides]) => {
      const rc: { id: number; batb?: number[][]; batl?: number[][] } = { id: rid };
      for (const [side, levels] of sides) if (levels.size > 0) rc[side as 'batb' | 'batl'] = [...levels.values()];
      return rc as RunnerChange;
    }),
  }));
}

interface Client {
  readonly socket: TLSSocket;
  subscribed: boolean;
  /** The market ids of its subscription's filter (null: every market, as a filter without marketIds). */
  marketIds: ReadonlySet<string> | null;
  heartbeatMs: number;
  /** When the fake last wrote to this client, real epoch ms. */
  lastSentAt: number;
  heartbeat: NodeJS.Timeout | null;
  readonly timers: Set<NodeJS.Timeout>;
}

/** Starts the fake on 127.0.0.1 (free ports). */
export async function startBetfairFake(options: BetfairFakeOptions = {}): Promise<BetfairFake> {
  const now = options.now ?? Date.now;
  const { key, cert } = options.certificate ?? loopbackCertificate();
  const markets = new Map<string, FakeMarket>();
  const log: MarketChange[] = []; // log[i] is the change that moved the clock from i to i + 1
  const clients = new Set<Client>();
  const streamRequests: FakeRequestLog[] = [];
  const httpRequests: { operation: string; headers: Record<string, string | string[] | undefined> }[] = [];
  const sent = { images: 0, resubs: 0, connections: 0 };
  const sessions = new Set([SESSION]);
  let loginCount = 0;

  const write = (client: Client, message: StreamResponse | Record<string, unknown>): void => {
    client.lastSentAt = Date.now(); // real time: the heartbeat's wait (the fake's clock may be fixed)
    client.socket.write(`${JSON.stringify(message)}\r\n`);
  };

  // The object handed back; the handlers below read its `silent` and `refuseAuth` as the test sets them.
  const fake: Pick<BetfairFake, 'silent' | 'refuseAuth' | 'refuseSubscription' | 'late' | 'segmentMs' | 'marketLimit' | 'httpDelayMs'> = {
    silent: false,
    refuseAuth: null,
    refuseSubscription: null,
    late: false,
    segmentMs: null,
    marketLimit: null,
    httpDelayMs: 0,
  };
  const wants = (client: Client, marketId: string): boolean => client.marketIds?.has(marketId) ?? true;

  const lateness = (): { status?: number } => (fake.late ? { status: 503 } : {});

  function publish(change: MarketChange): void {
    log.push(change);
    const message: MarketChangeMessage = { op: 'mcm', id: 2, clk: token(log.length), pt: now(), mc: [change], ...lateness() };
    for (const c of clients) if (c.subscribed && !fake.silent && wants(c, change.id)) write(c, message);
  }

  function startHeartbeat(client: Client): void {
    // A heartbeat once nothing has been sent for heartbeatMs, as Betfair sends them.
    const beat = (): void => {
      const due = client.lastSentAt + client.heartbeatMs - Date.now();
      if (due > 0 || fake.silent) {
        client.heartbeat = setTimeout(beat, due > 0 ? due : client.heartbeatMs);
        return;
      }
      write(client, { op: 'mcm', id: 2, ct: 'HEARTBEAT', clk: token(log.length), pt: now(), ...lateness() });
      client.heartbeat = setTimeout(beat, client.heartbeatMs);
    };
    client.heartbeat = setTimeout(beat, client.heartbeatMs);
  }

  function onRequest(client: Client, body: Record<string, unknown>): void {
    const op = String(body.op);
    streamRequests.push({ op, body });
    const id = typeof body.id === 'number' ? body.id : undefined;
    if (op === 'authentication') {
      const refused =
        fake.refuseAuth ??
        (body.appKey !== APP_KEY
          ? 'INVALID_APP_KEY'
          : typeof body.session === 'string' && sessions.has(body.session)
            ? null
            : 'INVALID_SESSION_INFORMATION');
      if (refused !== null) {
        write(client, {
          op: 'status',
          id,
          statusCode: 'FAILURE',
          errorCode: refused,
          errorMessage: 'refused by the fake',
          connectionClosed: true,
        });
        client.socket.end();
        return;
      }
      write(client, { op: 'status', id, statusCode: 'SUCCESS', connectionClosed: false, connectionsAvailable: 9 });
    } else if (op === 'marketSubscription') {
      const heartbeatMs = typeof body.heartbeatMs === 'number' ? body.heartbeatMs : 5000;
      client.heartbeatMs = heartbeatMs;
      // A new subscription on the same connection replaces the one before (Betfair's own client
      // keeps one market subscription per connection): its markets, clocks and heartbeat.
      client.subscribed = false;
      const ids = (body.marketFilter as { marketIds?: unknown } | undefined)?.marketIds;
      client.marketIds = Array.isArray(ids) ? new Set(ids.map(String)) : null;
      const size = client.marketIds?.size ?? markets.size;
      const refused =
        fake.refuseSubscription ?? (fake.marketLimit !== null && size > fake.marketLimit ? 'SUBSCRIPTION_LIMIT_EXCEEDED' : null);
      if (refused !== null) {
        write(client, { op: 'status', id, statusCode: 'FAILURE', errorCode: refused, connectionClosed: true });
        client.socket.end();
        return;
      }
      write(client, { op: 'status', id, statusCode: 'SUCCESS', connectionClosed: false });
      const from = untoken(body.clk);
      if (body.clk !== undefined && (from === null || from > log.length)) {
        write(client, { op: 'status', id, statusCode: 'FAILURE', errorCode: 'INVALID_CLOCK', connectionClosed: true });
        client.socket.end();
        return;
      }
      const common = { op: 'mcm', id, initialClk: token(0), clk: token(log.length), pt: now(), heartbeatMs, conflateMs: 0 };
      const ct = from === null ? 'SUB_IMAGE' : 'RESUB_DELTA';
      const mc = (
        from === null ? [...markets.values()].filter((m) => m.status !== 'CLOSED').map(imageOf) : mergeChanges(log.slice(from))
      ).filter((c) => wants(client, c.id));
      if (from === null) sent.images += 1;
      else sent.resubs += 1;
      const live = (): void => {
        client.subscribed = true;
        if (client.heartbeat !== null) clearTimeout(client.heartbeat);
        startHeartbeat(client);
      };
      if (fake.segmentMs === null || mc.length < 2) {
        write(client, { ...common, ct, mc });
        return live();
      }
      // Segmented: one market per segment, `segmentMs` apart (nothing else is sent meanwhile).
      mc.forEach((change, i) => {
        const segmentType = i === 0 ? 'SEG_START' : i === mc.length - 1 ? 'SEG_END' : 'SEG';
        const timer = setTimeout(
          () => {
            client.timers.delete(timer);
            write(client, { ...common, ct, segmentType, mc: [change] });
            if (segmentType === 'SEG_END') live();
          },
          i * (fake.segmentMs ?? 0),
        );
        client.timers.add(timer);
      });
    } else if (op === 'heartbeat') {
      write(client, { op: 'status', id, statusCode: 'SUCCESS', connectionClosed: false });
    }
  }

  const streamServer: TlsServer = createTlsServer({ key, cert }, (socket) => {
    sent.connections += 1;
    const client: Client = {
      socket,
      subscribed: false,
      marketIds: null,
      heartbeatMs: 5000,
      lastSentAt: 0,
      heartbeat: null,
      timers: new Set(),
    };
    clients.add(client);
    socket.setEncoding('utf8');
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let at;
      while ((at = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        try {
          onRequest(client, JSON.parse(line) as Record<string, unknown>);
        } catch {
          write(client, { op: 'status', statusCode: 'FAILURE', errorCode: 'INVALID_INPUT', connectionClosed: true });
          socket.end();
        }
      }
    });
    const forget = (): void => {
      if (client.heartbeat !== null) clearTimeout(client.heartbeat);
      for (const t of client.timers) clearTimeout(t);
      clients.delete(client);
    };
    socket.on('close', forget);
    socket.on('error', forget);
    write(client, { op: 'connection', connectionId: `fake-${sent.connections}` });
  });

  const httpServer: HttpsServer = createHttpsServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const operation = path.split('/').filter(Boolean).pop() ?? '';
      httpRequests.push({ operation, headers: req.headers });
      const answer = (status: number, body: unknown): void => {
        const send = (): void => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (fake.httpDelayMs > 0) setTimeout(send, fake.httpDelayMs);
        else send();
      };
      const appKeyOk = req.headers['x-application'] === APP_KEY;
      const session = req.headers['x-authentication'];
      if (path === '/exchange/betting/rest/v1.0/listMarketCatalogue/') {
        if (!appKeyOk || typeof session !== 'string' || !sessions.has(session)) {
          const errorCode = appKeyOk ? 'INVALID_SESSION_INFORMATION' : 'INVALID_APP_KEY';
          return answer(400, {
            faultcode: 'Client',
            faultstring: 'ANGX-0003',
            detail: { APINGException: { errorCode, errorDetails: '' } },
          });
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          filter?: { eventTypeIds?: string[]; marketTypeCodes?: string[]; marketStartTime?: { from?: string; to?: string } };
        };
        const f = body.filter ?? {};
        const from = Date.parse(f.marketStartTime?.from ?? '');
        const to = Date.parse(f.marketStartTime?.to ?? '');
        const list = [...markets.values()]
          .filter((m) => m.status !== 'CLOSED')
          .filter((m) => f.eventTypeIds?.includes(m.eventTypeId) ?? true)
          .filter((m) => f.marketTypeCodes?.includes(m.marketType) ?? true)
          .filter((m) => !(m.startsAt < from) && !(m.startsAt > to))
          .sort((a, b) => a.startsAt - b.startsAt)
          .map(catalogueOf);
        return answer(200, list);
      }
      if (path === '/api/login') {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        if (!appKeyOk || form.get('username') !== 'member' || form.get('password') !== 'correct horse')
          return answer(200, { token: '', product: APP_KEY, status: 'FAIL', error: 'INVALID_USERNAME_OR_PASSWORD' });
        loginCount += 1;
        const issued = `fake-login-${loginCount}`;
        sessions.add(issued);
        return answer(200, { token: issued, product: APP_KEY, status: 'SUCCESS', error: '' });
      }
      if (path === '/api/keepAlive') {
        const ok = typeof session === 'string' && sessions.has(session);
        return answer(200, { token: ok ? session : '', product: APP_KEY, status: ok ? 'SUCCESS' : 'FAIL', error: ok ? '' : 'NO_SESSION' });
      }
      answer(404, {});
    });
  });

  await Promise.all([
    new Promise<void>((resolve) => streamServer.listen(0, '127.0.0.1', resolve)),
    new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve)),
  ]);
  const httpPort = (httpServer.address() as AddressInfo).port;

  const market = (id: string): FakeMarket => {
    const m = markets.get(id);
    if (m === undefined) throw new Error(`no fake market ${id}`);
    return m;
  };

  const api: Omit<
    BetfairFake,
    'silent' | 'refuseAuth' | 'refuseSubscription' | 'late' | 'segmentMs' | 'marketLimit' | 'httpDelayMs' | 'clock' | 'connected'
  > = {
    host: '127.0.0.1',
    streamPort: (streamServer.address() as AddressInfo).port,
    bettingUrl: `https://127.0.0.1:${httpPort}/exchange/betting/rest/v1.0/`,
    identityUrl: `https://127.0.0.1:${httpPort}/api/`,
    ca: cert,
    appKey: APP_KEY,
    session: SESSION,
    markets,
    streamRequests,
    httpRequests,
    sent,
    addMarket(m: FakeMarket) {
      markets.set(m.id, m);
      publish(imageOf(m));
    },
    setPrices(
      marketId: string,
      runnerId: number,
      prices: { back?: readonly [number, number] | null; lay?: readonly [number, number] | null },
    ) {
      const m = market(marketId);
      const runner = m.runners.find((r) => r.id === runnerId);
      if (runner === undefined) throw new Error(`no runner ${runnerId} in ${marketId}`);
      const rc: { id: number; batb?: number[][]; batl?: number[][] } = { id: runnerId };
      for (const side of ['back', 'lay'] as const) {
        const next = prices[side];
        if (next === undefined) continue;
        const old = runner[side];
        runner[side] = next;
        const ladder = side === 'back' ? 'batb' : 'batl';
        if (next !== null) rc[ladder] = [[0, next[0], next[1]]];
        else if (old !== null) rc[ladder] = [[0, old[0], 0]];
      }
      publish({ id: marketId, rc: [rc] });
    },
    setStatus(marketId: string, status: FakeMarket['status'], inPlay?: boolean) {
      const m = market(marketId);
      m.status = status;
      if (inPlay !== undefined) m.inPlay = inPlay;
      publish({ id: marketId, marketDefinition: definitionOf(m) });
    },
    setRunnerStatus(marketId: string, runnerId: number, status: FakeRunner['status']) {
      const m = market(marketId);
      const runner = m.runners.find((r) => r.id === runnerId);
      if (runner === undefined) throw new Error(`no runner ${runnerId} in ${marketId}`);
      runner.status = status;
      publish({ id: marketId, marketDefinition: definitionOf(m) });
    },
    expireSessions() {
      sessions.clear();
    },
    dropConnections() {
      for (const c of clients) c.socket.destroy();
    },
    async close() {
      for (const c of clients) {
        if (c.heartbeat !== null) clearTimeout(c.heartbeat);
        for (const t of c.timers) clearTimeout(t);
        c.socket.destroy();
      }
      await Promise.all([
        new Promise<void>((resolve) => streamServer.close(() => resolve())),
        new Promise<void>((resolve) => {
          httpServer.closeAllConnections();
          httpServer.close(() => resolve());
        }),
      ]);
    },
  };
  // Getters are defined on the same object the handlers read (Object.assign would copy their values once).
  return Object.defineProperties(Object.assign(fake, api), {
    clock: { get: () => log.length, enumerable: true },
    connected: { get: () => clients.size, enumerable: true },
  }) as BetfairFake;
}

/** A football match-odds market for tests: three runners with prices. */
export function footballMarket(id: string, eventId: string, startsAt: number): FakeMarket {
  return {
    id,
    name: 'Match Odds',
    eventId,
    eventName: 'Arsenal v Tottenham Hotspur',
    eventTypeId: '1',
    competition: 'English Premier League',
    marketType: 'MATCH_ODDS',
    startsAt,
    numberOfWinners: 1,
    status: 'OPEN',
    inPlay: false,
    runners: [
      { id: 1096, name: 'Arsenal', back: [2.1, 1523.45], lay: [2.12, 310.2], status: 'ACTIVE' },
      { id: 48351, name: 'Tottenham Hotspur', back: [3.6, 402.1], lay: [3.7, 120], status: 'ACTIVE' },
      { id: 58805, name: 'The Draw', back: [3.4, 800], lay: [3.45, 95.5], status: 'ACTIVE' },
    ],
  };
}

/** A race's WIN or PLACE market for tests (same event and runners, so the two belong to one race). */
export function raceMarket(id: string, type: 'WIN' | 'PLACE', startsAt: number): FakeMarket {
  const place = type === 'PLACE';
  return {
    id,
    name: place ? 'To Be Placed' : '2m4f Hcap Chs',
    eventId: '35000001',
    eventName: 'Chelt 3rd Dec',
    eventTypeId: '7',
    venue: 'Cheltenham',
    marketType: type,
    startsAt,
    numberOfWinners: place ? 3 : 1,
    status: 'OPEN',
    inPlay: false,
    runners: [
      { id: 101, name: 'Galopin Des Champs', back: place ? [1.3, 200] : [3, 500], lay: place ? [1.32, 80] : [3.05, 150], status: 'ACTIVE' },
      { id: 102, name: 'Fact To File', back: place ? [1.9, 120] : [5, 220], lay: place ? [1.95, 60] : [5.2, 90], status: 'ACTIVE' },
      { id: 103, name: 'Gerri Colombe', back: place ? [2.5, 90] : [8, 100], lay: place ? [2.6, 40] : [8.4, 45], status: 'ACTIVE' },
      { id: 104, name: 'Banbridge', back: place ? [3.2, 70] : [12, 60], lay: place ? [3.4, 20] : [13, 30], status: 'ACTIVE' },
    ],
  };
}
