import { PubSubInputError, type PubSubCommonOptions, type PubSubPayload } from './types';

/** The longest topic accepted. */
export const MAX_TOPIC_LENGTH = 200;

export function checkTopic(topic: unknown): asserts topic is string {
  if (typeof topic !== 'string' || topic.length === 0 || topic.length > MAX_TOPIC_LENGTH) {
    throw new PubSubInputError(
      'topic',
      `must be a non-empty string of at most ${MAX_TOPIC_LENGTH} characters (got ${
        typeof topic === 'string' ? `${topic.length} characters` : typeof topic
      })`,
    );
  }
}

/**
 * The path to the first part of `value` that is not JSON, or undefined when all of it is. Refuses what
 * JSON.stringify would silently change: undefined, functions, symbols, bigint, NaN and Infinity,
 * Dates and other class instances, sparse arrays, cycles.
 */
export function findNonJson(value: unknown, path = 'payload', seen = new Set<object>()): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `${path} is ${String(value)}`;
    case 'object': {
      if (value === null) return undefined;
      if (seen.has(value)) return `${path} refers back to itself`;
      seen.add(value);
      try {
        if (Array.isArray(value)) {
          for (let i = 0; i < value.length; i += 1) {
            if (!(i in value)) return `${path}[${i}] is a hole in a sparse array`;
            const bad = findNonJson(value[i], `${path}[${i}]`, seen);
            if (bad !== undefined) return bad;
          }
          return undefined;
        }
        const proto = Object.getPrototypeOf(value) as unknown;
        if (proto !== Object.prototype && proto !== null) {
          const name = (value as { constructor?: { name?: string } }).constructor?.name ?? 'a class instance';
          return `${path} is ${name}, not a plain object`;
        }
        for (const key of Object.keys(value)) {
          const bad = findNonJson((value as Record<string, unknown>)[key], `${path}.${key}`, seen);
          if (bad !== undefined) return bad;
        }
        return undefined;
      } finally {
        seen.delete(value);
      }
    }
    default:
      return `${path} is ${typeof value}`;
  }
}

/** The payload's JSON text, after checking it is JSON and not larger than `maxBytes`. */
export function encodePayload(payload: unknown, maxBytes: number): string {
  const bad = findNonJson(payload);
  if (bad !== undefined) {
    throw new PubSubInputError(
      'payload',
      `${bad}; a payload must be JSON (finite numbers, strings, booleans, null, arrays, plain objects)`,
    );
  }
  const text = JSON.stringify(payload);
  checkSize(text, maxBytes);
  return text;
}

function checkSize(text: string, maxBytes: number): void {
  // A string's UTF-8 is at most 3 bytes a UTF-16 unit: counted only when it could be over.
  if (text.length * 3 <= maxBytes) return;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxBytes) {
    throw new PubSubInputError('payload', `is ${bytes} bytes of JSON, more than the limit of ${maxBytes}`);
  }
}

const NOT_COPIED = Symbol('not copied');
/** Nesting past this is copied the slow way (encodePayload, then decodePayload), which also finds cycles. */
const COPY_DEPTH = 200;

/** A frozen copy of `value` equal to its JSON round trip, or NOT_COPIED when it is not JSON (or nests too deep, or has a toJSON). */
function frozenCopy(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // JSON has no -0: the round trip makes it 0.
      return Number.isFinite(value) ? (value === 0 ? 0 : value) : NOT_COPIED;
    case 'object': {
      if (value === null) return null;
      if (depth >= COPY_DEPTH) return NOT_COPIED;
      // A toJSON of its own is what JSON.stringify (and so Redis and PostgreSQL) sends: the text way.
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return NOT_COPIED;
      if (Array.isArray(value)) {
        const out = new Array<unknown>(value.length);
        for (let i = 0; i < value.length; i += 1) {
          if (!(i in value)) return NOT_COPIED;
          const inner = frozenCopy(value[i], depth + 1);
          if (inner === NOT_COPIED) return NOT_COPIED;
          out[i] = inner;
        }
        return Object.freeze(out);
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) return NOT_COPIED;
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const inner = frozenCopy((value as Record<string, unknown>)[key], depth + 1);
        if (inner === NOT_COPIED) return NOT_COPIED;
        // JSON.parse makes "__proto__" an own key, as this does; an assignment would set the prototype.
        if (key === '__proto__') Object.defineProperty(out, key, { value: inner, enumerable: true, writable: true, configurable: true });
        else out[key] = inner;
      }
      return Object.freeze(out);
    }
    default:
      return NOT_COPIED;
  }
}

/**
 * What a subscriber in this process is handed for `payload`: exactly decodePayload(encodePayload(payload,
 * maxBytes)) (the same checks and errors, a deep-frozen copy equal to the JSON round trip), made in
 * one pass over the payload rather than through its text.
 */
export function copyPayload(payload: unknown, maxBytes: number): PubSubPayload {
  const copy = frozenCopy(payload, 0);
  if (copy === NOT_COPIED) return decodePayload(encodePayload(payload, maxBytes));
  checkSize(JSON.stringify(copy), maxBytes);
  return copy as PubSubPayload;
}

/** Deep-freezes a freshly parsed JSON value, so that one subscriber cannot change what another sees. */
export function freeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) freeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Parses JSON text from a transport into a frozen payload. */
export function decodePayload(text: string): PubSubPayload {
  return freeze(JSON.parse(text) as PubSubPayload);
}

export interface ResolvedCommonOptions {
  readonly maxBuffered: number;
  readonly maxPayloadBytes: number;
}

export function positiveInteger(field: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new PubSubInputError(field, `must be a positive integer (got ${String(value)})`);
  }
  return value;
}

export function positiveNumber(field: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new PubSubInputError(field, `must be a positive finite number (got ${String(value)})`);
  }
  return value;
}

export function resolveCommonOptions(options: PubSubCommonOptions = {}): ResolvedCommonOptions {
  return {
    maxBuffered: positiveInteger('maxBuffered', options.maxBuffered, 1000),
    maxPayloadBytes: positiveInteger('maxPayloadBytes', options.maxPayloadBytes, 1_000_000),
  };
}

/**
 * Removes secrets from a message before it is logged: the password of a connection URL, and any whole
 * URL with credentials in it.
 */
export function redact(message: string, secrets: readonly string[]): string {
  let out = message.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1***@');
  for (const secret of secrets) {
    if (secret.length >= 3) out = out.split(secret).join('***');
  }
  return out;
}

/** The password in a connection URL, if any (for redaction). */
export function urlPassword(url: string): string[] {
  try {
    const parsed = new URL(url);
    const secrets = [decodeURIComponent(parsed.password), parsed.password].filter((s) => s.length > 0);
    return [...new Set(secrets)];
  } catch {
    return [];
  }
}
