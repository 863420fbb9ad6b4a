// The Betfair Exchange Stream API's messages, as this provider uses them. What it relies on, read
// from Betfair's published schema (ESASwaggerSchema.json in github.com/betfair/stream-api-sample-code)
// and the developer documentation's "Exchange Stream API" page:
// - A TLS socket (not HTTP, not a WebSocket) to stream-api.betfair.com:443 carrying one JSON object
//   per line, each line ending in CRLF. The server speaks first with `{op:"connection",connectionId}`.
// - Every request has `op` and a client-chosen integer `id`; the server answers a request with
//   `{op:"status", id, statusCode:"SUCCESS"|"FAILURE", errorCode?, errorMessage?, connectionClosed?}`.
//   A status with `connectionClosed: true` means the server has closed the socket.
// - `authentication` carries `appKey` and `session` (the session token from a Betfair login).
// - `marketSubscription` carries a `marketFilter` (eventTypeIds, marketTypes, countryCodes, ...), a
//   `marketDataFilter` (fields such as EX_BEST_OFFERS with `ladderLevels`, EX_MARKET_DEF), the
//   `heartbeatMs` and `conflateMs` asked for, and, to resume after a disconnection, the last
//   `initialClk` and `clk` the client received: the server then answers with one change message of
//   `ct: "RESUB_DELTA"` that patches the client up to date (markets that need it come with img: true).
// - Market change messages `{op:"mcm", id, ct?, clk?, initialClk?, pt, mc?, heartbeatMs?,
//   conflateMs?, segmentType?, status?}`: `ct` is SUB_IMAGE (a full image: replace the cache; it may
//   also arrive mid-subscription), RESUB_DELTA, HEARTBEAT (no data, sent when nothing else was) or
//   absent for a delta. `pt` is the publish time, epoch ms. `segmentType` SEG_START/SEG/SEG_END
//   splits one large change over several lines. `status: 503` means the exchange's own data is late.
// - Each market change `{id, img?, con?, tv?, marketDefinition?, rc?}`: `img: true` replaces the
//   market's prices; `marketDefinition` is the whole definition each time it is sent; each runner
//   change `{id, atb?, atl?, batb?, batl?, bdatb?, bdatl?, ltp?, tv?, ...}` where atb/atl are
//   [price, size] pairs keyed by price and batb/batl/bdatb/bdatl are [level, price, size] triples
//   keyed by level (level 0 is the best); a size of 0 removes that price or level.

/** A request this client sends. */
export type StreamRequest =
  | { readonly op: 'authentication'; readonly id: number; readonly appKey: string; readonly session: string }
  | { readonly op: 'heartbeat'; readonly id: number }
  | ({ readonly op: 'marketSubscription'; readonly id: number } & MarketSubscription);

/** The body of a market subscription (kept to resend on reconnection with the latest clocks). */
export interface MarketSubscription {
  readonly marketFilter: StreamMarketFilter;
  readonly marketDataFilter: { readonly fields: readonly string[]; readonly ladderLevels?: number };
  readonly heartbeatMs?: number;
  readonly conflateMs?: number;
  readonly segmentationEnabled?: boolean;
  readonly initialClk?: string;
  readonly clk?: string;
}

/** The stream's market filter (its names differ from the Betting API's MarketFilter). */
export interface StreamMarketFilter {
  readonly eventTypeIds?: readonly string[];
  readonly marketTypes?: readonly string[];
  readonly countryCodes?: readonly string[];
  readonly marketIds?: readonly string[];
}

/** `[price, size]` (atb/atl) or `[level, price, size]` (batb/batl/bdatb/bdatl). */
export type Ladder = readonly (readonly number[])[];

/** A runner's change. */
export interface RunnerChange {
  readonly id: number;
  readonly hc?: number;
  readonly atb?: Ladder;
  readonly atl?: Ladder;
  readonly batb?: Ladder;
  readonly batl?: Ladder;
  readonly bdatb?: Ladder;
  readonly bdatl?: Ladder;
  readonly ltp?: number;
  readonly tv?: number;
}

/** A runner as the market definition describes it. */
export interface RunnerDefinition {
  readonly id: number;
  readonly hc?: number;
  readonly status: 'ACTIVE' | 'WINNER' | 'LOSER' | 'REMOVED' | 'REMOVED_VACANT' | 'HIDDEN' | 'PLACED';
  readonly sortPriority?: number;
}

/** The definition of a market (always whole when sent). */
export interface MarketDefinition {
  readonly eventId?: string;
  readonly eventTypeId?: string;
  readonly marketType?: string;
  readonly marketTime?: string;
  readonly countryCode?: string;
  readonly venue?: string;
  readonly numberOfWinners?: number;
  readonly marketBaseRate?: number;
  readonly inPlay?: boolean;
  readonly status: 'INACTIVE' | 'OPEN' | 'SUSPENDED' | 'CLOSED';
  readonly runners?: readonly RunnerDefinition[];
}

/** A market's change. */
export interface MarketChange {
  readonly id: string;
  readonly img?: boolean;
  readonly con?: boolean;
  readonly tv?: number;
  readonly marketDefinition?: MarketDefinition;
  readonly rc?: readonly RunnerChange[];
}

/** A market change message. */
export interface MarketChangeMessage {
  readonly op: 'mcm';
  readonly id?: number;
  readonly ct?: 'SUB_IMAGE' | 'RESUB_DELTA' | 'HEARTBEAT';
  readonly clk?: string;
  readonly initialClk?: string;
  readonly pt: number;
  readonly heartbeatMs?: number;
  readonly conflateMs?: number;
  readonly segmentType?: 'SEG_START' | 'SEG' | 'SEG_END';
  readonly status?: number;
  readonly mc?: readonly MarketChange[];
}

/** The answer to a request. */
export interface StatusMessage {
  readonly op: 'status';
  readonly id?: number;
  readonly statusCode: 'SUCCESS' | 'FAILURE';
  readonly errorCode?: string;
  readonly errorMessage?: string;
  readonly connectionClosed?: boolean;
  readonly connectionsAvailable?: number;
}

/** The server's first message on a new connection. */
export interface ConnectionMessage {
  readonly op: 'connection';
  readonly connectionId: string;
}

/** Any message this client reads. */
export type StreamResponse = ConnectionMessage | StatusMessage | MarketChangeMessage;

/** A line that is not a message this client understands. */
export class StreamMessageError extends Error {
  override readonly name = 'StreamMessageError';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads one line of the stream. Checks the envelope (`op` and the fields this client depends on);
 * an `op` it does not use (ocm: the order stream) is returned as null.
 */
export function parseStreamLine(line: string): StreamResponse | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new StreamMessageError('a line of the stream is not JSON');
  }
  if (!isObject(value) || typeof value.op !== 'string') throw new StreamMessageError('a message has no op');
  switch (value.op) {
    case 'connection':
      if (typeof value.connectionId !== 'string') throw new StreamMessageError('connection: connectionId is missing');
      return value as unknown as ConnectionMessage;
    case 'status':
      if (value.statusCode !== 'SUCCESS' && value.statusCode !== 'FAILURE')
        throw new StreamMessageError('status: statusCode is neither SUCCESS nor FAILURE');
      return value as unknown as StatusMessage;
    case 'mcm':
      if (typeof value.pt !== 'number') throw new StreamMessageError('mcm: pt is missing');
      if (value.mc !== undefined && !Array.isArray(value.mc)) throw new StreamMessageError('mcm: mc is not a list');
      for (const m of (value.mc as unknown[] | undefined) ?? []) {
        if (!isObject(m) || typeof m.id !== 'string') throw new StreamMessageError('mcm: a market change has no id');
        if (m.rc !== undefined && !Array.isArray(m.rc)) throw new StreamMessageError(`mcm: rc of ${m.id} is not a list`);
        for (const r of (m.rc as unknown[] | undefined) ?? [])
          if (!isObject(r) || typeof r.id !== 'number') throw new StreamMessageError(`mcm: a runner change of ${m.id} has no id`);
      }
      return value as unknown as MarketChangeMessage;
    default:
      return null;
  }
}

/** Splits a growing buffer into complete CRLF-terminated lines; returns them and the unfinished rest. */
export function splitLines(buffer: string): { lines: string[]; rest: string } {
  const parts = buffer.split('\r\n');
  const rest = parts.pop() ?? '';
  return { lines: parts.filter((l) => l.length > 0), rest };
}

/** Error codes of a status message, in plain words for the health detail (never with a key or token). */
export const STATUS_DETAIL: Readonly<Record<string, string>> = {
  NO_APP_KEY: 'Betfair refused the stream: no app key was sent',
  INVALID_APP_KEY: 'Betfair refused the stream: the app key is not valid (or not enabled for streaming)',
  NO_SESSION: 'Betfair refused the stream: no session token was sent',
  INVALID_SESSION_INFORMATION: 'Betfair refused the stream: the session has expired or is not valid',
  NOT_AUTHORIZED: 'Betfair refused the stream: this account is not allowed to stream',
  INVALID_INPUT: 'Betfair refused the subscription as malformed',
  INVALID_CLOCK: 'Betfair could not resume from the stored position',
  UNEXPECTED_ERROR: 'Betfair reported an unexpected error',
  TIMEOUT: 'Betfair closed the stream after a timeout',
  SUBSCRIPTION_LIMIT_EXCEEDED: 'Betfair refused the subscription: too many markets for this account',
  INVALID_REQUEST: 'Betfair refused a request as invalid',
  CONNECTION_FAILED: 'Betfair could not open the stream',
  MAX_CONNECTION_LIMIT_EXCEEDED: 'Betfair refused the stream: too many connections for this account',
  TOO_MANY_REQUESTS: 'Betfair refused the stream: too many requests',
};

/** Errors after which reconnecting with the same credentials cannot help (health goes down and stays). */
export const FATAL_STATUS = new Set(['NO_APP_KEY', 'INVALID_APP_KEY', 'NO_SESSION', 'NOT_AUTHORIZED']);

/** Plain words for a status error. */
export function statusDetail(status: StatusMessage): string {
  return STATUS_DETAIL[status.errorCode ?? ''] ?? `Betfair refused a request (${status.errorCode ?? 'no error code'})`;
}
