// One market subscription on Betfair's Exchange Stream API, kept alive: connect over TLS, wait for
// the connection message, authenticate, subscribe, apply every change message to the cache. When
// nothing arrives for `silenceHeartbeats` heartbeat intervals (the server sends a HEARTBEAT change
// message whenever it has nothing else to send), or the socket drops, it reconnects after a backoff
// (doubling from `backoff.initialMs` to `backoff.maxMs`, reset once a subscription is live again)
// and resubscribes with the same filters plus the last initialClk and clk, so the server answers
// with a RESUB_DELTA holding only what changed meanwhile (Betfair's support article "Market
// Streaming: how do I manage re-connections?": keep the subscription message as sent, update
// initialClk and clk whenever they arrive, send both on re-connection). A new subscription on the
// same connection replaces the one before and starts from a full image (Betfair's sample client,
// github.com/betfair/stream-api-sample-code, swaps its subscription handler, clocks included, on
// each marketSubscription): `resubscribe()` sends one without clocks.
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import type { MarketCache } from './cache';
import {
  FATAL_STATUS,
  parseStreamLine,
  splitLines,
  statusDetail,
  type MarketChangeMessage,
  type MarketSubscription,
  type StatusMessage,
  type StreamRequest,
} from './protocol';

/** Timers and the clock, injectable. */
export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real timers (unref'd: a provider never keeps the process alive by itself). */
export const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Where the subscription stands. */
export type StreamState =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'live' }
  | { readonly kind: 'reconnecting'; readonly since: number; readonly detail: string }
  /** Betfair refused the subscription as over the account's market limit; the next try is at `retryAt` (epoch ms). */
  | { readonly kind: 'limited'; readonly detail: string; readonly retryAt: number }
  | { readonly kind: 'refused'; readonly detail: string }
  | { readonly kind: 'stopped' };

/** What the stream needs. */
export interface StreamOptions {
  readonly host: string;
  readonly port: number;
  /** Extra certificate authorities to trust (a local fake's). */
  readonly ca?: string | undefined;
  /** The app key and the current session token (read at each authentication: it may have been renewed). */
  readonly credentials: () => { readonly appKey: string; readonly session: string };
  /** The subscription, without clocks (they are added from the cache on each resubscription); read at each subscription. */
  readonly subscription: () => MarketSubscription;
  /** Heartbeat intervals of silence after which the connection is treated as dead. */
  readonly silenceHeartbeats: number;
  readonly backoff: { readonly initialMs: number; readonly maxMs: number };
  /** The wait before subscribing again after SUBSCRIPTION_LIMIT_EXCEEDED, ms. */
  readonly limitRetryMs: number;
  readonly cache: MarketCache;
  readonly timers: Timers;
  /** Called after each change message was applied (`changed`: whether a market changed). */
  readonly onChange: (message: MarketChangeMessage, changed: boolean) => void;
  /** Called on every state change. */
  readonly onState: (state: StreamState) => void;
  /**
   * Called when the server refuses the session (INVALID_SESSION_INFORMATION): resolves true when a
   * new session was obtained (then the stream reconnects at once), false when none can be.
   */
  readonly renewSession: () => Promise<boolean>;
  /** Counts a message (any line) and an error (dropped connection, refused request, malformed line). */
  readonly count: (what: 'message' | 'error') => void;
  /** Plain-language log lines (never with a key or token). */
  readonly log: (level: 'info' | 'warn', message: string) => void;
}

/** A running subscription. */
export interface BetfairStream {
  start(): void;
  /**
   * The subscription changed: sends it at once on an authenticated connection (a new subscription,
   * so without clocks: Betfair answers with a full image), or on the next connection.
   */
  resubscribe(): void;
  /** Closes the socket and every timer; resolves once the socket has closed. */
  stop(): Promise<void>;
  /** Whether a segmented change is half applied (the book must not be read from the cache now). */
  readonly inSegment: boolean;
  /** The heartbeat interval the server confirmed (or the one asked for, before it did). */
  readonly heartbeatMs: number;
}

/** Errors about the account's limits on connections and requests (the market limit has its own wait). */
const LIMITS = new Set(['MAX_CONNECTION_LIMIT_EXCEEDED', 'TOO_MANY_REQUESTS']);

const AUTH_ID = 1;
const SUBSCRIPTION_ID = 2;

/** Starts nothing until `start()`. */
export function createBetfairStream(options: StreamOptions): BetfairStream {
  const { timers } = options;
  let socket: TLSSocket | null = null;
  let buffer = '';
  let stopped = false;
  let attempt = 0;
  let reconnectTimer: unknown = null;
  let silenceTimer: unknown = null;
  let inSegment = false;
  let catchingUp: 'SUB_IMAGE' | 'RESUB_DELTA' | null = null;
  let heartbeatMs = options.subscription().heartbeatMs ?? 5000;
  let state: StreamState = { kind: 'connecting' };
  let lostSince: number | null = null;
  let authenticated = false;

  const setState = (next: StreamState): void => {
    state = next;
    options.onState(next);
  };

  const send = (request: StreamRequest): void => {
    socket?.write(`${JSON.stringify(request)}\r\n`);
  };

  const armSilence = (): void => {
    if (silenceTimer !== null) timers.clearTimeout(silenceTimer);
    silenceTimer = timers.setTimeout(() => {
      silenceTimer = null;
      options.count('error');
      drop(`No message from Betfair for ${options.silenceHeartbeats} heartbeats: reconnecting`);
    }, heartbeatMs * options.silenceHeartbeats);
  };

  const clearTimers = (): void => {
    if (silenceTimer !== null) timers.clearTimeout(silenceTimer);
    if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
    silenceTimer = null;
    reconnectTimer = null;
  };

  const subscribe = (): void => {
    const { cache } = options;
    const subscription = options.subscription();
    heartbeatMs = subscription.heartbeatMs ?? 5000;
    send({
      op: 'marketSubscription',
      id: SUBSCRIPTION_ID,
      ...subscription,
      ...(cache.initialClk === undefined ? {} : { initialClk: cache.initialClk }),
      ...(cache.clk === undefined ? {} : { clk: cache.clk }),
    });
  };

  /** Ends this connection and plans the next one (unless stopped or refused for good); `limited`: over the market limit. */
  function drop(detail: string, delayMs?: number, limited = false): void {
    const old = socket;
    socket = null;
    authenticated = false;
    old?.destroy();
    clearTimers();
    inSegment = false;
    catchingUp = null;
    buffer = '';
    if (stopped || state.kind === 'refused') return;
    lostSince ??= timers.now();
    const wait = delayMs ?? Math.min(options.backoff.maxMs, options.backoff.initialMs * 2 ** attempt);
    attempt += 1;
    options.log('warn', `${detail} (next attempt in ${wait} ms)`);
    setState(limited ? { kind: 'limited', detail, retryAt: timers.now() + wait } : { kind: 'reconnecting', since: lostSince, detail });
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      open();
    }, wait);
  }

  function refuse(detail: string): void {
    options.log('warn', detail);
    setState({ kind: 'refused', detail });
    const old = socket;
    socket = null;
    authenticated = false;
    old?.destroy();
    clearTimers();
  }

  function onStatus(status: StatusMessage): void {
    if (status.statusCode === 'SUCCESS') {
      if (status.id === AUTH_ID) {
        authenticated = true;
        subscribe();
      }
      return;
    }
    options.count('error');
    const code = status.errorCode ?? '';
    const detail = statusDetail(status);
    if (FATAL_STATUS.has(code)) return refuse(detail);
    if (code === 'INVALID_SESSION_INFORMATION') {
      const old = socket;
      socket = null;
      authenticated = false;
      old?.destroy();
      clearTimers();
      void options.renewSession().then(
        (renewed) => {
          if (stopped) return;
          if (renewed) drop('Betfair session renewed: reconnecting', 0);
          else refuse(detail);
        },
        () => {
          if (!stopped) refuse(detail);
        },
      );
      return;
    }
    if (code === 'INVALID_CLOCK') options.cache.forgetClocks();
    // Too many markets: the same subscription would be refused again at once; wait long (the
    // catalogue may list fewer markets by then), with the health down, not degraded.
    if (code === 'SUBSCRIPTION_LIMIT_EXCEEDED') return drop(detail, options.limitRetryMs, true);
    // Limits of the account do not lift in a second: try again only at the longest backoff.
    drop(detail, LIMITS.has(code) ? options.backoff.maxMs : undefined);
  }

  function onChange(message: MarketChangeMessage): void {
    if (message.id !== undefined && message.id !== SUBSCRIPTION_ID) return;
    if (message.heartbeatMs !== undefined && message.heartbeatMs > 0) heartbeatMs = message.heartbeatMs;
    if (message.segmentType === 'SEG_START' || message.segmentType === 'SEG') inSegment = true;
    if (message.segmentType === 'SEG_END' || message.segmentType === undefined) inSegment = false;
    const changed = options.cache.apply(message);
    // Live once the image or resubscription delta has arrived whole (its last segment may not repeat ct).
    if (message.ct === 'SUB_IMAGE' || message.ct === 'RESUB_DELTA') catchingUp = message.ct;
    if (state.kind !== 'live' && catchingUp !== null && !inSegment) {
      attempt = 0;
      lostSince = null;
      options.log('info', catchingUp === 'SUB_IMAGE' ? 'Betfair stream subscribed (full image)' : 'Betfair stream resumed from its clock');
      catchingUp = null;
      setState({ kind: 'live' });
    }
    options.onChange(message, changed);
  }

  function onLine(line: string): void {
    options.count('message');
    let message;
    try {
      message = parseStreamLine(line);
    } catch (error) {
      options.count('error');
      options.log('warn', `Betfair stream: ${(error as Error).message}`);
      return;
    }
    if (message === null) return;
    if (message.op === 'connection') {
      const { appKey, session } = options.credentials();
      send({ op: 'authentication', id: AUTH_ID, appKey, session });
    } else if (message.op === 'status') onStatus(message);
    else onChange(message);
  }

  function open(): void {
    if (stopped) return;
    if (state.kind !== 'reconnecting' && state.kind !== 'limited') setState({ kind: 'connecting' });
    const s = tlsConnect({
      host: options.host,
      port: options.port,
      servername: /^[0-9.]+$/.test(options.host) ? undefined : options.host,
      ...(options.ca === undefined ? {} : { ca: options.ca }),
    });
    socket = s;
    s.setEncoding('utf8');
    armSilence();
    s.on('data', (chunk: string) => {
      if (socket !== s) return;
      armSilence();
      const { lines, rest } = splitLines(buffer + chunk);
      buffer = rest;
      for (const line of lines) {
        if (socket !== s) return;
        onLine(line);
      }
    });
    s.on('error', (error: NodeJS.ErrnoException) => {
      if (socket !== s) return;
      options.count('error');
      drop(`Betfair stream connection failed (${error.code ?? 'network error'})`);
    });
    s.on('close', () => {
      if (socket !== s) return;
      options.count('error');
      drop('Betfair stream closed');
    });
  }

  return {
    start() {
      stopped = false;
      open();
    },
    resubscribe() {
      options.cache.forgetClocks();
      if (authenticated && socket !== null) subscribe();
    },
    async stop() {
      stopped = true;
      clearTimers();
      const s = socket;
      socket = null;
      authenticated = false;
      setState({ kind: 'stopped' });
      if (s === null || s.closed) return;
      await new Promise<void>((resolve) => {
        s.once('close', () => resolve());
        s.destroy();
      });
    },
    get inSegment() {
      return inSegment;
    },
    get heartbeatMs() {
      return heartbeatMs;
    },
  };
}
