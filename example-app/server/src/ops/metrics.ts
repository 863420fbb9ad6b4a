// Prometheus metrics on a registry of the app's own (never prom-client's global one, so that two apps
// in one process, as in tests, count apart): HTTP requests by route and status, GraphQL operations
// by type and result, rejections by rule, live WebSocket sockets, and the process's own metrics.
// GET /metrics answers them in the Prometheus text format to a loopback caller that came through no
// proxy, or to a caller presenting METRICS_TOKEN as a bearer token.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FeedProviderHealth } from '@matchkit/app-contract/feed';
import type { RevocationReason } from '../auth/revocation';
import { HEALTH_REASON_KINDS, healthReasonKind } from '../modules/feed/status';
import { fanoutStats, type FanoutStats } from '../fanout';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Why a request, operation or socket was refused (the `rule` label of matchkit_rejections_total). */
export type RejectionRule =
  | 'max-depth'
  | 'cost-limit'
  | 'list-cost'
  | 'member-rate'
  | 'max-aliases'
  | 'max-tokens'
  | 'max-directives'
  | 'csrf'
  | 'control-characters'
  | 'host'
  | 'rate-limit'
  | 'ws-auth'
  | 'ws-origin'
  | 'ws-token-expired'
  | 'ws-operations'
  | 'ws-session-ended'
  | 'metrics-auth';

/** How a live stream reached the member: a graphql-ws socket or subscription, or server-sent events. */
export type LiveTransport = 'ws' | 'sse';

/** The GraphQL operation types, and `unknown` when a document never got as far as naming one. */
export type OperationType = 'query' | 'mutation' | 'subscription' | 'unknown';

/** How an operation ended: data without errors, data with errors, or refused before execution. */
export type OperationResult = 'ok' | 'error' | 'invalid';

/** The app's metrics. */
export interface Metrics {
  readonly registry: Registry;
  /** Records one answered HTTP request. `route` is a pattern (never a raw path: ids would explode the label set). */
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  operation(type: OperationType, result: OperationResult): void;
  rejection(rule: RejectionRule): void;
  socketOpened(): void;
  socketClosed(): void;
  /** A revocation this process heard on the PubSub. */
  revocationHeard(reason: RevocationReason): void;
  /** A socket closed, or a subscription or event stream ended, by a revocation. */
  liveStreamEnded(reason: RevocationReason, transport: LiveTransport): void;
  /** Reports the odds feed's real providers (requests, messages, errors, quota, lag, state) from `read` at each scrape. */
  watchFeed(read: () => readonly FeedProviderHealth[]): void;
  /** The metrics in the Prometheus text format. */
  render(): Promise<string>;
}

/** A provider's states, each a series of matchkit_feed_provider_state (1 for the current one). */
const PROVIDER_STATES: readonly FeedProviderHealth['state'][] = ['starting', 'live', 'degraded', 'down'];

/** Latency buckets in seconds, from 5 ms to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** HTTP methods kept as a label value; anything else counts as OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

/** Creates the metrics on a new registry. `processMetrics: false` leaves out the process collectors (for short-lived apps). */
export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'matchkit_' });
  const requests = new Counter({
    name: 'matchkit_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'matchkit_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to its response headers, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const operations = new Counter({
    name: 'matchkit_graphql_operations_total',
    help: 'GraphQL operations over HTTP and WebSocket, by type and result (ok, error, invalid).',
    labelNames: ['type', 'result'] as const,
    registers: [registry],
  });
  const rejections = new Counter({
    name: 'matchkit_rejections_total',
    help: 'Requests, operations and sockets refused, by rule.',
    labelNames: ['rule'] as const,
    registers: [registry],
  });
  const sockets = new Gauge({
    name: 'matchkit_websocket_sockets',
    help: 'Open graphql-ws sockets.',
    registers: [registry],
  });
  const socketsOpened = new Counter({
    name: 'matchkit_websocket_sockets_opened_total',
    help: 'graphql-ws sockets opened since the start.',
    registers: [registry],
  });
  const revocations = new Counter({
    name: 'matchkit_revocations_total',
    help: 'Revocations of live access this process heard (every process hears each one), by reason.',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const liveEnded = new Counter({
    name: 'matchkit_live_streams_ended_total',
    help: 'Sockets closed and subscriptions or server-sent-events streams ended by a revocation, by reason and transport (ws, sse).',
    labelNames: ['reason', 'transport'] as const,
    registers: [registry],
  });
  // The feed's providers, read from their health at each scrape (none until watchFeed).
  let feedHealth: () => readonly FeedProviderHealth[] = () => [];
  const providerCounter = (name: string, help: string, field: 'requests' | 'messages' | 'errors') =>
    new Counter({
      name,
      help,
      labelNames: ['provider'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const h of feedHealth()) this.inc({ provider: h.provider }, h[field]);
      },
    });
  providerCounter(
    'matchkit_feed_provider_requests_total',
    'Requests an odds provider has made (HTTP providers) since the start.',
    'requests',
  );
  providerCounter(
    'matchkit_feed_provider_messages_total',
    'Messages an odds provider has received (stream providers) since the start.',
    'messages',
  );
  providerCounter(
    'matchkit_feed_provider_errors_total',
    'Failures of an odds provider (refused requests, dropped connections, malformed messages) since the start.',
    'errors',
  );
  new Gauge({
    name: 'matchkit_feed_provider_quota_remaining',
    help: "Requests left in an odds provider's quota, for a provider that reports one.",
    labelNames: ['provider'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const h of feedHealth()) if (h.quotaRemaining !== null) this.set({ provider: h.provider }, h.quotaRemaining);
    },
  });
  new Gauge({
    name: 'matchkit_feed_provider_lag_seconds',
    help: "How far behind the provider's own clock its last update arrived, when known.",
    labelNames: ['provider'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const h of feedHealth()) if (h.lagMs !== null) this.set({ provider: h.provider }, h.lagMs / 1000);
    },
  });
  new Gauge({
    name: 'matchkit_feed_provider_state',
    help: "An odds provider's state as the feed sees it: 1 on the series of its current state (starting, live, degraded, down).",
    labelNames: ['provider', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const h of feedHealth())
        for (const state of PROVIDER_STATES) this.set({ provider: h.provider, state }, h.state === state ? 1 : 0);
    },
  });
  new Gauge({
    name: 'matchkit_feed_provider_reason',
    help: 'Why an odds provider is not live, by the kind of reason it reports: 1 on the series of its current kind (none when it reports none).',
    labelNames: ['provider', 'reason'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const h of feedHealth()) {
        const current = healthReasonKind(h) ?? 'none';
        for (const reason of [...HEALTH_REASON_KINDS, 'none']) this.set({ provider: h.provider, reason }, reason === current ? 1 : 0);
      }
    },
  });
  // The odds patches sent to sockets as one shared frame (fanout.ts), deflated or not: what the
  // feed costs in egress, and how much of it compression saves.
  const encodingCounter = (name: string, help: string, read: (s: FanoutStats) => { deflate: number; identity: number }) =>
    new Counter({
      name,
      help,
      labelNames: ['encoding'] as const,
      registers: [registry],
      collect() {
        const counts = read(fanoutStats());
        this.reset();
        this.inc({ encoding: 'deflate' }, counts.deflate);
        this.inc({ encoding: 'identity' }, counts.identity);
      },
    });
  encodingCounter(
    'matchkit_odds_messages_total',
    'Odds patch messages written to sockets as one shared frame since the start, by encoding (deflate for clients that offered permessage-deflate, identity otherwise).',
    (s) => ({ deflate: s.deflated, identity: s.sent - s.deflated }),
  );
  encodingCounter(
    'matchkit_odds_message_bytes_total',
    'Payload bytes of the odds patch messages written to sockets as one shared frame since the start, by encoding.',
    (s) => ({ deflate: s.deflatedBytes, identity: s.plainBytes }),
  );
  return {
    registry,
    watchFeed(read) {
      feedHealth = read;
    },
    httpRequest(method, route, status, seconds) {
      const labels = { method: METHODS.has(method) ? method : 'OTHER', route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    operation(type, result) {
      operations.inc({ type, result });
    },
    rejection(rule) {
      rejections.inc({ rule });
    },
    socketOpened() {
      sockets.inc();
      socketsOpened.inc();
    },
    socketClosed() {
      sockets.dec();
    },
    revocationHeard(reason) {
      revocations.inc({ reason });
    },
    liveStreamEnded(reason, transport) {
      liveEnded.inc({ reason, transport });
    },
    render: () => registry.metrics(),
  };
}

/** Whether `ip` is a loopback address (IPv4 127/8, IPv6 ::1, or IPv4-mapped loopback). */
export function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(ip);
}

/**
 * The answer to GET /metrics. Allowed: a bearer token equal to `metricsToken` (when one is set), or
 * a loopback caller whose request carries no forwarding header (a request relayed by a proxy on the
 * same machine also arrives from loopback, and must not be trusted for that). Otherwise 403 (or 401
 * for a wrong token), counted as a `metrics-auth` rejection.
 */
export async function metricsResponse(request: Request, ip: string, metricsToken: string | null, metrics: Metrics): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return Response.json({ error: true, message: 'Use GET' }, { status: 405, headers: { allow: 'GET, HEAD' } });
  }
  const authorization = request.headers.get('authorization');
  let allowed: boolean;
  if (authorization !== null) {
    const m = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    allowed = metricsToken !== null && m !== null && sameSecret(m[1] ?? '', metricsToken);
    if (!allowed) {
      metrics.rejection('metrics-auth');
      return Response.json({ error: true, message: 'Wrong metrics token' }, { status: 401, headers: { 'www-authenticate': 'Bearer' } });
    }
  } else {
    const proxied = request.headers.has('x-forwarded-for') || request.headers.has('forwarded') || request.headers.has('x-real-ip');
    allowed = isLoopback(ip) && !proxied;
  }
  if (!allowed) {
    metrics.rejection('metrics-auth');
    return Response.json({ error: true, message: 'Metrics are served to loopback callers, or with the metrics token' }, { status: 403 });
  }
  const body = await metrics.render();
  return new Response(request.method === 'HEAD' ? null : body, {
    headers: { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' },
  });
}

/** Compares two secrets in a time that depends on neither (their digests are compared). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
