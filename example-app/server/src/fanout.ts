// Fan-out of one subscription event to many subscribers: executed once, serialised once.
//
// A subscription runs its selection set over every event for every subscriber, and graphql-ws then
// serialises the result for every socket. When a thousand members follow the odds feed, that is a
// thousand executions and a thousand JSON.stringify calls of the same patch. Here:
//
// 1. A module marks an event with shareEvent() when the resolvers below its root field read nothing
//    of the request (no viewer, no context): their result depends on the event, the document, the
//    operation name and the variables alone. The feed module marks its patch events (one object per
//    sequence number and filter, already shared by every subscriber of this process).
// 2. useSharedSubscriptions (a yoga plugin) runs the subscriptions of the named root fields with a
//    per-event execution memoised by (event, document, operation, variables): one ExecutionResult
//    object for every subscriber who asked the same thing. Unmarked events run per subscriber.
// 3. On a socket, graphql-ws hands every result to onNext before it serialises it. sharedNext
//    serialises a shared, error-free result once, to UTF-8 bytes, and answers a placeholder
//    payload; the socket's send (patched by sendSharedPayloads when it opens) writes one WebSocket
//    frame whose payload is the message's own head (`{"id":…,"type":"next","payload":`) followed by
//    those shared bytes: the frame's header and the head are this socket's, the rest is the same
//    Buffer for every socket, so a patch is encoded once for every socket, not copied and encoded
//    per socket (at 1,000 sockets and a 70 kB patch, 70 MB of strings a patch). Only a message that
//    is exactly graphql-ws's `next` with the placeholder as its whole `data` is touched: a real
//    result's data is an object or null, never a string, so nothing else can match.
// 4. Compressed once, too. A socket whose client offered permessage-deflate (RFC 7692; every
//    browser does) gets that frame compressed: a stored (uncompressed) deflate block holding the
//    socket's own head, then the shared bytes deflated once per result (and window size), the same
//    for every socket. A deflate stream may be any run of blocks, and a compressor need never
//    refer back to earlier data, so the head's block followed by a stream made without it is a
//    valid message for every decompressor, with or without context takeover. ws itself is never
//    asked to compress (every other message goes out uncompressed, as the RFC allows message by
//    message): its compressor would cost a zlib stream per socket and would queue sends behind its
//    asynchronous work. The receiving side does cost one: a client may compress what it sends
//    (Chromium compresses every message), and ws inflates it with a zlib stream it keeps per socket
//    once used, about 16 to 40 kB of memory (16 to 40 MB per 1,000 browser sockets). A patch deflates to about a sixth of its size (docs/performance.md): a
//    member following the feed at 10 patches a second reads ~36 kB/s rather than ~240 kB/s.
// 5. Straight to the socket. graphql-ws takes each result through its own chain for every socket
//    (the envelop wrappers of the result stream, the live-access check's wrapper, onNext, the
//    message's JSON, the send's promise and callback): at 1,000 sockets a patch, that chain cost
//    more than the frame itself. The socket layer binds each operation's context to its socket
//    and id (bindOperation), and a shared subscription writes each shared, error-free result
//    straight to the socket, as the frame of 3. and 4., without yielding it: the stream reads on
//    to its next event. graphql-ws still gets every other result (with errors, unshared, or for
//    a socket that is behind) and the operation's end. Only while the socket has nothing waiting
//    to be written: a socket that is behind gets its result through
//    graphql-ws, which waits for each write, so a slow reader holds its own subscription back
//    (and the PubSub ends it once too far behind) rather than growing the server's buffer. A
//    revocation still ends the stream (live-access.ts returns it, and nothing is written after
//    return()), and graphql-ws sends its last result (the refusal, as a `next` with errors) and
//    `complete` after the last patch. What this lane writes has not been through the envelop
//    plugins' result hooks: none of this server's changes an error-free result (a plugin that
//    did would have to apply here too, or the two lanes would send different bytes).
// 6. Without a promise. Even so, each patch went down each subscription as a chain of promises:
//    the PubSub's iterator, the feed module's stream, this file's (a turn of the microtask queue
//    at each link, for every socket, and no socket written until every subscription had taken its
//    first step). When a subscription is waiting for its next event, its links hand the event
//    down synchronously instead (sync-delivery.ts): the PubSub offers it to the feed module's
//    stream, which offers its member's view to this file's, which writes it to the socket as in 5.
//    Whatever one link cannot finish at once (the access re-check due, an execution still running,
//    a socket with writes pending, an unshared event) is declined unchanged and takes the path of 5.
//
// The message each client receives is the one graphql-ws would have sent (same keys, same order,
// same bytes). The frame is written straight to ws's connection, which is in order only while ws's
// own sender is idle (ws 8 queues sends only behind its compression or a Blob, neither of which
// happens here); otherwise the message goes through ws as two uncompressed fragments.
import {
  createSourceEventStream,
  execute,
  GraphQLError,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FormattedExecutionResult,
  type OperationDefinitionNode,
} from 'graphql';
import { constants as zlibConstants, deflateRawSync } from 'node:zlib';
import type { Plugin } from 'graphql-yoga';
import type { WebSocket } from 'ws';
import type { RequestContext } from './kernel';
import { acceptSync } from './sync-delivery';

const shareable = new WeakSet<object>();

/** Marks a subscription event whose sub-selection resolves from the event alone (see above). Returns it. */
export function shareEvent<T extends object>(event: T): T {
  shareable.add(event);
  return event;
}

/** How much work the sharing saved, for tests and benchmarks. */
export interface FanoutStats {
  /** Executions of shared events (one per event, document, operation and variables). */
  readonly executions: number;
  /** Results of shared events handed to subscribers (executions included). */
  readonly results: number;
  /** Shared results serialised (once each). */
  readonly serialised: number;
  /** Socket messages whose payload was the shared serialisation. */
  readonly sent: number;
  /** Of those, the messages sent as one permessage-deflate frame (the shared bytes deflated once). */
  readonly deflated: number;
  /** Shared serialisations deflated (once per result and window size). */
  readonly deflations: number;
  /** Payload bytes of the shared messages written as one frame uncompressed (head and shared bytes). */
  readonly plainBytes: number;
  /** Payload bytes of the shared messages written deflated (stored head block and deflated bytes). */
  readonly deflatedBytes: number;
  /** Executions of shareable events run unshared (the event already held its most keys). */
  readonly unshared: number;
  /** Of the messages sent, those written straight to their socket, past graphql-ws (see 5. above). */
  readonly direct: number;
  /** Of those, the ones handed down the subscription's iterators without a promise (sync-delivery.ts). */
  readonly synchronous: number;
}

const stats = {
  executions: 0,
  results: 0,
  serialised: 0,
  sent: 0,
  deflated: 0,
  deflations: 0,
  plainBytes: 0,
  deflatedBytes: 0,
  unshared: 0,
  direct: 0,
  synchronous: 0,
};

/** The counters since the process started. */
export function fanoutStats(): FanoutStats {
  return { ...stats };
}

/** Results that executeEvent made for shared events, as opposed to any other result graphql-ws sends. */
const sharedResults = new WeakSet<ExecutionResult>();
const documentIds = new WeakMap<DocumentNode, number>();
let lastDocumentId = 0;
/** Results by event, then by document, operation and variables. */
const executions = new WeakMap<object, Map<string, ExecutionResult | Promise<ExecutionResult>>>();

function executionKey(args: ExecutionArgs): string {
  let id = documentIds.get(args.document);
  if (id === undefined) {
    id = ++lastDocumentId;
    documentIds.set(args.document, id);
  }
  // Only the variables the operation declares reach its execution; undeclared ones (which a client
  // could vary at will to multiply the kept results) are left out of the key.
  // An absent variable (its default applies) and an explicit null are different inputs.
  const given = args.variableValues ?? {};
  const declared = declaredVariables(args.document, args.operationName).map((name) =>
    Object.hasOwn(given, name) ? [name, 1, given[name]] : [name, 0],
  );
  return `${id}\u0000${args.operationName ?? ''}\u0000${JSON.stringify(declared)}`;
}

/** The names of the variables the selected operation declares, in declaration order. */
function declaredVariables(document: DocumentNode, operationName: string | null | undefined): string[] {
  for (const d of document.definitions) {
    if (d.kind !== 'OperationDefinition') continue;
    if (operationName !== null && operationName !== undefined && d.name?.value !== operationName) continue;
    return (d.variableDefinitions ?? []).map((v) => v.variable.name.value);
  }
  return [];
}

/**
 * Distinct executions kept per event. The documents and filters of a real page are few; past this
 * many, an event's further subscribers run unshared (correct, only slower), so no client can grow
 * what an event holds.
 */
export const MAX_SHARED_EXECUTIONS_PER_EVENT = 32;

/**
 * The shared result of `args` (whose executionKey is `key`) over `event`, made once per event and
 * key (or its promise while it is being made); null when the event is not shareable or already
 * holds its most keys (it must then run unshared, for this subscriber alone).
 */
function sharedExecution(args: ExecutionArgs, key: string, event: unknown): ExecutionResult | Promise<ExecutionResult> | null {
  if (typeof event !== 'object' || event === null || !shareable.has(event)) return null;
  let byKey = executions.get(event);
  if (byKey === undefined) {
    byKey = new Map();
    executions.set(event, byKey);
  }
  let result = byKey.get(key);
  if (result === undefined && byKey.size >= MAX_SHARED_EXECUTIONS_PER_EVENT) return null;
  if (result === undefined) {
    stats.executions += 1;
    const made = byKey;
    const mark = (r: ExecutionResult) => {
      sharedResults.add(r);
      // Once made, the result itself is kept: later subscribers take it without awaiting.
      made.set(key, r);
      return r;
    };
    const executed = execute({ ...args, rootValue: event });
    // Kept by mark once made; a result still in the making is kept as its promise meanwhile.
    if (executed instanceof Promise) {
      result = executed.then(mark);
      byKey.set(key, result);
    } else result = mark(executed);
  }
  return result;
}

/** The result of `args` (whose executionKey is `key`) over `event`: once per event and key when the event is shareable. */
function executeEvent(args: ExecutionArgs, key: string, event: unknown): ExecutionResult | Promise<ExecutionResult> {
  const shared = sharedExecution(args, key, event);
  if (shared === null) {
    if (typeof event === 'object' && event !== null && shareable.has(event)) stats.unshared += 1;
    return execute({ ...args, rootValue: event });
  }
  stats.results += 1;
  return shared;
}

/**
 * A subscription's results: its source stream (the root field's subscribe resolver, with this
 * subscriber's context), each event executed through executeEvent. Errors from the source are
 * wrapped as yoga's executor wraps them (the message, the original error, the operation's node).
 * An iterator rather than an async generator: return() must reach the source at once.
 */
async function sharedSubscribe(args: ExecutionArgs): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const source = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in source)) return source;
  const iterator = source[Symbol.asyncIterator]();
  const key = executionKey(args);
  const operation = args.document.definitions.find(
    (d): d is OperationDefinitionNode =>
      d.kind === 'OperationDefinition' &&
      (args.operationName === null || args.operationName === undefined || d.name?.value === args.operationName),
  );
  const wrap = (error: unknown) =>
    error instanceof Error
      ? new GraphQLError(error.message, { originalError: error, ...(operation === undefined ? {} : { nodes: [operation] }) })
      : error;
  // Where this subscription's shared results can be written straight to (a socket's operation).
  const direct = operations.get(args.contextValue as object);
  let ended = false;
  // Synchronous delivery (sync-delivery.ts): while graphql-ws waits for this stream and this
  // stream waits for its source, an event whose shared result is made already (or is made now,
  // without awaiting) is written to the socket at once, as next() below would write it.
  if (direct !== undefined)
    acceptSync(iterator, (event: unknown) => {
      if (ended) return false;
      const result = sharedExecution(args, key, event);
      if (result === null || result instanceof Promise || !sendDirect(direct, result)) return false;
      stats.results += 1;
      stats.synchronous += 1;
      return true;
    });
  const it: AsyncIterableIterator<ExecutionResult> = {
    [Symbol.asyncIterator]: () => it,
    async next() {
      for (;;) {
        let step: IteratorResult<unknown>;
        try {
          step = await iterator.next();
        } catch (error) {
          throw wrap(error);
        }
        if (step.done === true) return { done: true, value: undefined };
        // A shared event's result is usually made already (by the first of its subscribers): taken
        // as it is, without a promise and a turn of the microtask queue for each of 1,000 sockets.
        const executed = executeEvent(args, key, step.value);
        const result = executed instanceof Promise ? await executed : executed;
        // Completed meanwhile (the client's complete, a revocation, the socket closed): nothing more.
        if (ended) return { done: true, value: undefined };
        // Written to the socket here, the subscription reads on; otherwise graphql-ws sends it.
        if (direct !== undefined && sendDirect(direct, result)) continue;
        return { done: false, value: result };
      }
    },
    async return() {
      ended = true;
      acceptSync(iterator, null);
      await iterator.return?.();
      return { done: true, value: undefined };
    },
    async throw(error: unknown) {
      ended = true;
      acceptSync(iterator, null);
      await iterator.return?.();
      throw error;
    },
  };
  return it;
}

/** The root field a subscription operation selects first (aliases aside), or null. */
function rootFieldOf(document: DocumentNode, operationName: string | null | undefined): string | null {
  for (const d of document.definitions) {
    if (d.kind !== 'OperationDefinition' || d.operation !== 'subscription') continue;
    if (operationName !== null && operationName !== undefined && d.name?.value !== operationName) continue;
    const first = d.selectionSet.selections[0];
    return first?.kind === 'Field' ? first.name.value : null;
  }
  return null;
}

/**
 * The yoga plugin: subscriptions whose root field is one of `fields` run with shared per-event
 * executions (their modules mark the events they share with shareEvent).
 */
export function useSharedSubscriptions(fields: readonly string[]): Plugin<RequestContext> {
  const names = new Set(fields);
  return {
    onSubscribe({ args, setSubscribeFn }) {
      const field = rootFieldOf(args.document, args.operationName);
      if (field !== null && names.has(field)) setSubscribeFn(sharedSubscribe as never);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// One serialisation per shared result on the sockets
// ---------------------------------------------------------------------------------------------

/**
 * The serialisation of each shared result as the tail of a `next` message: its JSON and the
 * message's closing brace, in UTF-8 (made once, kept as long as the result is).
 */
const serialised = new WeakMap<ExecutionResult, Buffer>();
/**
 * Per socket (patched by sendSharedPayloads): the bytes of each placeholder onNext answered and
 * the socket has not sent yet. graphql-ws sends right after onNext, so an entry lives a few microtasks.
 */
const pendingBySocket = new WeakMap<object, { last: number; readonly held: Map<number, Buffer> }>();
const PLACEHOLDER = '\u0000mk-shared:';

/** A shared result's JSON and the `next` message's closing brace, in UTF-8: made on first use, then kept with the result. */
function serialisedTail(result: ExecutionResult): Buffer {
  let tail = serialised.get(result);
  if (tail === undefined) {
    tail = Buffer.from(`${JSON.stringify(result)}}`, 'utf8');
    serialised.set(result, tail);
    stats.serialised += 1;
  }
  return tail;
}

/**
 * graphql-ws's onNext: for a shared, error-free result on a socket that sendSharedPayloads patched,
 * a placeholder payload naming its JSON (serialised on first use); for anything else, nothing
 * (graphql-ws serialises it as usual).
 */
export function sharedNext(
  ctx: unknown,
  _id: string,
  _payload: unknown,
  _args: unknown,
  given: object,
): FormattedExecutionResult | undefined {
  const result = given as ExecutionResult;
  if (result.errors !== undefined || !sharedResults.has(result)) return undefined;
  const socket = (ctx as { extra?: { socket?: WebSocket } } | null)?.extra?.socket;
  const pending = socket === undefined ? undefined : pendingBySocket.get(socket);
  // A closed socket sends nothing (graphql-ws's ws adapter skips it): hold nothing for it.
  if (pending === undefined || socket === undefined || socket.readyState !== socket.OPEN) return undefined;
  pending.last += 1;
  pending.held.set(pending.last, serialisedTail(result));
  return { data: `${PLACEHOLDER}${pending.last}` as unknown as Record<string, unknown> };
}

/** graphql-ws's `next` message with a placeholder as its whole data, exactly as JSON.stringify writes it. */
const PLACEHOLDER_MESSAGE = /^\{"id":("(?:[^"\\]|\\.)*"),"type":"next","payload":\{"data":"\\u0000mk-shared:(\d+)"\}\}$/;

/** A `next` message of a shared result: the message's own head, then the shared bytes that end it. */
export interface SharedMessage {
  /** `{"id":…,"type":"next","payload":` */
  readonly head: string;
  /** The result's JSON and the message's closing brace, in UTF-8, shared by every socket. */
  readonly tail: Buffer;
}

/**
 * The message to send for `data` on a socket holding `held`: a placeholder message becomes its
 * head and the shared bytes (and is released); anything else is unchanged. Null when the
 * placeholder is not held (which graphql-ws's order makes impossible): the caller must not send it.
 */
export function substituteSharedPayload(data: string, held: Map<number, Buffer>): string | SharedMessage | null {
  if (!data.includes('\\u0000mk-shared:')) return data;
  const m = PLACEHOLDER_MESSAGE.exec(data);
  if (m === null) return data;
  const token = Number(m[2]);
  const tail = held.get(token);
  if (tail === undefined) return null;
  held.delete(token);
  stats.sent += 1;
  return { head: `{"id":${m[1] as string},"type":"next","payload":`, tail };
}

// ---------------------------------------------------------------------------------------------
// One deflation per shared result (permessage-deflate)
// ---------------------------------------------------------------------------------------------

/** The shared bytes deflated, by window size (the client may ask the server for a smaller window). */
const deflatedTails = new WeakMap<Buffer, Map<number, Buffer | null>>();

/**
 * `tail` as a raw deflate stream made with a window of `2^windowBits` and ended by a sync flush,
 * without the flush's last four bytes (0x00 0x00 0xff 0xff), as RFC 7692 sends a message; null when
 * deflating would not make the message smaller (a stored block's 5 bytes counted). Made once per
 * tail and window size.
 */
export function deflatedTail(tail: Buffer, windowBits: number): Buffer | null {
  let byBits = deflatedTails.get(tail);
  if (byBits === undefined) {
    byBits = new Map();
    deflatedTails.set(tail, byBits);
  }
  let deflated = byBits.get(windowBits);
  if (deflated === undefined) {
    const stream = deflateRawSync(tail, { windowBits, finishFlush: zlibConstants.Z_SYNC_FLUSH });
    // Smaller even with the head's stored block header (5 bytes), or not worth it.
    deflated = stream.length - 4 + 5 < tail.length ? stream.subarray(0, stream.length - 4) : null;
    byBits.set(windowBits, deflated);
    stats.deflations += 1;
  }
  return deflated;
}

let sharedSendObserver: ((tail: Buffer) => void) | null = null;

/**
 * For benchmarks: `observer` is called with the shared bytes (uncompressed) each time a socket is
 * given a shared message, as it is written; null stops it. One observer at a time.
 */
export function observeSharedSends(observer: ((tail: Buffer) => void) | null): void {
  sharedSendObserver = observer;
}

/** The most bytes one stored deflate block holds (its LEN is 16 bits). */
const MAX_STORED_BLOCK = 0xffff;

/**
 * The start of one final text frame (FIN, opcode 1) that the shared bytes end: its header, then
 * `head`. Compressed (RSV1 set; `tailLength` bytes of deflatedTail follow): `head` goes in a stored
 * deflate block, a block that is not the last. Otherwise `tailLength` bytes of the shared bytes
 * themselves follow `head`. One frame either way: written in two pieces, read as one message.
 */
export function frameStart(head: string, tailLength: number, compressed: boolean, headBytes = Buffer.byteLength(head, 'utf8')): Buffer {
  // The head's UTF-8 is written straight into the frame's buffer (no Buffer of its own first);
  // `headBytes` is its length in bytes, when the caller has it already.
  if (compressed && headBytes > MAX_STORED_BLOCK)
    throw new RangeError(`a shared message's head is ${headBytes} bytes, over a stored block's 65,535`);
  const block = compressed ? 5 : 0;
  const payload = block + headBytes + tailLength;
  const lengthBytes = payload < 126 ? 0 : payload < 0x10000 ? 2 : 8;
  const out = Buffer.allocUnsafe(2 + lengthBytes + block + headBytes);
  out[0] = compressed ? 0x80 | 0x40 | 0x01 : 0x80 | 0x01;
  if (lengthBytes === 0) out[1] = payload;
  else if (lengthBytes === 2) {
    out[1] = 126;
    out.writeUInt16BE(payload, 2);
  } else {
    out[1] = 127;
    out.writeBigUInt64BE(BigInt(payload), 2);
  }
  let at = 2 + lengthBytes;
  if (compressed) {
    // BFINAL 0, BTYPE 00 (stored), padded to the byte; then LEN and its one's complement NLEN,
    // little-endian; then the bytes themselves.
    out[at] = 0x00;
    out.writeUInt16LE(headBytes, at + 1);
    out.writeUInt16LE(~headBytes & 0xffff, at + 3);
    at += 5;
  }
  out.write(head, at, 'utf8');
  return out;
}

/** ws's internals this file reads (ws 8; not in its typings): the negotiated extensions, the sender's state, the connection. */
interface WsInternals {
  _extensions?: Record<string, { params?: Record<string, unknown> } | undefined>;
  _sender?: { _state?: number; _queue?: unknown[] };
  _socket?: {
    cork?: () => void;
    uncork?: () => void;
    write?: (data: Buffer, callback?: (error?: Error | null) => void) => boolean;
    readonly writableLength?: number;
  };
}

/**
 * The window (bits) to deflate shared bytes with for a socket, or null when the client did not
 * negotiate permessage-deflate (or asked for a window zlib cannot make for a raw stream: under 9 bits).
 */
function deflateWindowBits(socket: WebSocket): number | null {
  const params = (socket as unknown as WsInternals)._extensions?.['permessage-deflate']?.params;
  if (params === undefined) return null;
  const asked = params['server_max_window_bits'];
  const bits = typeof asked === 'number' ? asked : 15;
  return bits >= 9 && bits <= 15 ? bits : null;
}

/**
 * Writes one shared message (its head, `headBytes` long in UTF-8, then the shared bytes) to a
 * socket's connection as one frame, when it can go out in order now; false, having written
 * nothing, when it cannot (the caller sends it another way).
 */
type SharedWriter = (head: string, headBytes: number, tail: Buffer, done?: (error?: Error | null) => void) => boolean;

/** The writer of each socket that sendSharedPayloads patched. */
const sharedWriters = new WeakMap<WebSocket, SharedWriter>();

/** Patches a socket (as it opens) so that its text messages go through substituteSharedPayload. */
export function sendSharedPayloads(socket: WebSocket): void {
  const pending = { last: 0, held: new Map<number, Buffer>() };
  pendingBySocket.set(socket, pending);
  socket.once('close', () => {
    pendingBySocket.delete(socket);
    pending.held.clear();
  });
  const send = socket.send.bind(socket) as (data: unknown, ...rest: unknown[]) => void;
  const internals = socket as unknown as WsInternals;
  // ws's connection: corked while the frames of a message are written, so they leave in one write.
  const raw = internals._socket;
  const windowBits = deflateWindowBits(socket);
  const writeShared: SharedWriter = (head, headBytes, tail, done) => {
    const sender = internals._sender;
    // ws's sender idle (nothing queued behind a compression or a Blob): a frame written to the
    // connection now goes out in order. Otherwise (never, as ws is never asked to compress) the
    // caller sends it through ws's queue.
    const idle = sender?._state === 0 && sender._queue?.length === 0;
    if (!idle || socket.readyState !== socket.OPEN || raw?.write === undefined) return false;
    sharedSendObserver?.(tail);
    const deflated = windowBits === null ? null : deflatedTail(tail, windowBits);
    // A head too long for one stored block (over 64 KB: never, as a subscribe message is capped
    // below that, LIMITS.maxWsMessageBytes) goes uncompressed.
    const compressed = deflated !== null && headBytes <= MAX_STORED_BLOCK;
    const body = compressed ? deflated : tail;
    const start = frameStart(head, body.length, compressed, headBytes);
    if (!compressed) stats.plainBytes += headBytes + body.length;
    else {
      stats.deflated += 1;
      stats.deflatedBytes += 5 + headBytes + body.length;
    }
    raw.cork?.();
    try {
      raw.write(start);
      raw.write(body, done === undefined ? undefined : (error) => done(error ?? undefined));
    } finally {
      raw.uncork?.();
    }
    return true;
  };
  sharedWriters.set(socket, writeShared);
  /** ws's own send, never compressing (see 4. above): options and callback as ws takes them. */
  const sendPlain = (data: unknown, rest: unknown[]) => {
    const [first, second] = rest;
    if (typeof first === 'function') return send(data, { compress: false }, first);
    if (typeof first === 'object' && first !== null) return send(data, { ...first, compress: false }, ...rest.slice(1, 2));
    return second === undefined ? send(data, { compress: false }) : send(data, { compress: false }, second);
  };
  socket.send = ((data: unknown, ...rest: unknown[]) => {
    if (typeof data !== 'string') return sendPlain(data, rest);
    const message = substituteSharedPayload(data, pending.held);
    const callback = rest.at(-1);
    const done = typeof callback === 'function' ? (callback as (error?: Error | null) => void) : undefined;
    if (message === null) {
      // Never a placeholder on the wire: close as a server error, and settle the sender's callback.
      socket.close(1011, 'Internal error');
      done?.(new Error('a shared payload was not held for this socket'));
      return;
    }
    if (typeof message === 'string') return sendPlain(message, rest);
    const headBytes = Buffer.byteLength(message.head, 'utf8');
    if (writeShared(message.head, headBytes, message.tail, done)) return;
    // One text message in two frames: the head (not the last fragment), then the shared bytes.
    sharedSendObserver?.(message.tail);
    stats.plainBytes += headBytes + message.tail.length;
    raw?.cork?.();
    try {
      send(message.head, { fin: false, compress: false });
      return done === undefined
        ? send(message.tail, { binary: false, fin: true, compress: false })
        : send(message.tail, { binary: false, fin: true, compress: false }, done);
    } finally {
      raw?.uncork?.();
    }
  }) as typeof socket.send;
}

// ---------------------------------------------------------------------------------------------
// Straight to the socket (see 5. above)
// ---------------------------------------------------------------------------------------------

/** A subscription on a socket: the socket, its writer and its `next` messages' head. */
interface SocketOperation {
  readonly socket: WebSocket;
  readonly write: SharedWriter;
  /** `{"id":…,"type":"next","payload":`, as graphql-ws writes it for this operation. */
  readonly head: string;
  readonly headBytes: number;
}

/** The socket operation of each subscription's context (bindOperation). */
const operations = new WeakMap<object, SocketOperation>();

/**
 * Tells the fan-out that the operation run with `contextValue` is operation `id` on `socket` (a
 * socket sendSharedPayloads patched), so that its shared results can be written to the socket
 * straight (see 5. above). Called by the socket layer for each operation it accepts.
 */
export function bindOperation(contextValue: object, socket: WebSocket, id: string): void {
  const write = sharedWriters.get(socket);
  if (write === undefined) return;
  const head = `{"id":${JSON.stringify(id)},"type":"next","payload":`;
  operations.set(contextValue, { socket, write, head, headBytes: Buffer.byteLength(head, 'utf8') });
}

/**
 * Writes `result` to the operation's socket as graphql-ws would have sent it, when it is a shared,
 * error-free result and the socket has nothing waiting to be written; false (nothing written)
 * otherwise: graphql-ws sends it, waiting for each write as it does, so a client that reads
 * slowly holds its subscription back (and the PubSub ends it if it falls too far behind) rather
 * than growing the socket's buffer.
 */
function sendDirect(operation: SocketOperation, result: ExecutionResult): boolean {
  if (result.errors !== undefined || !sharedResults.has(result)) return false;
  const writable = (operation.socket as unknown as WsInternals)._socket?.writableLength;
  if (writable !== 0 || !operation.write(operation.head, operation.headBytes, serialisedTail(result))) return false;
  stats.sent += 1;
  stats.direct += 1;
  return true;
}
