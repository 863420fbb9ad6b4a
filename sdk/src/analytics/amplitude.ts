/**
 * The wire format of Amplitude's HTTP V2 API (`POST https://api2.amplitude.com/2/httpapi`) and
 * Batch Event Upload API (`POST https://api2.amplitude.com/batch`): both take
 * `{ api_key, events: [...], options? }` as JSON and answer 200 on success, 400 for an invalid
 * payload (listing the offending event indices), 413 when too large, 429 when throttled and 5xx
 * on server trouble. Sources: amplitude.com/docs/apis/analytics/http-v2,
 * amplitude.com/docs/apis/analytics/batch-event-upload and
 * amplitude.com/docs/apis/analytics/http-api-batching-retries.
 */

/**
 * One event in Amplitude's upload format (the fields matchkit fills).
 *
 * @example
 * ```ts
 * import type { AmplitudeEvent } from '@matchkit/sdk/analytics';
 * const event: AmplitudeEvent = {
 *   event_type: 'page_view',
 *   device_id: 'c8f9e604-f01a-4bd9-95c6-8e5357df265d',
 *   time: 1_754_899_200_000,
 *   session_id: 1_754_899_200_000,
 *   insert_id: '7d0b5a52-0c2f-4d4e-9b43-7f5a1c3e2e11',
 * };
 * ```
 */
export interface AmplitudeEvent {
  /** The event's name. */
  readonly event_type: string;
  /** The member's id, when signed in (at least `min_id_length` characters, 5 by default). */
  readonly user_id?: string | undefined;
  /** The browser's id (at least `min_id_length` characters). */
  readonly device_id: string;
  /** When it happened, epoch milliseconds. */
  readonly time: number;
  /** The session's start time in epoch ms (Amplitude's convention; -1 would mean "no session"). */
  readonly session_id: number;
  /** Unique per event and stable across retries: Amplitude ignores a repeat within 7 days. */
  readonly insert_id: string;
  /** The event's own properties. */
  readonly event_properties?: Readonly<Record<string, unknown>> | undefined;
  /** Properties set on the user (matchkit sends the campaign here when it changes). */
  readonly user_properties?: Readonly<Record<string, unknown>> | undefined;
  /** The platform, `Web` by default. */
  readonly platform?: string | undefined;
}

/**
 * The JSON body of an upload request.
 *
 * @example
 * ```ts
 * import type { AmplitudeUploadBody } from '@matchkit/sdk/analytics';
 * const body: AmplitudeUploadBody = { api_key: 'KEY', events: [] };
 * ```
 */
export interface AmplitudeUploadBody {
  /** The project's API key. */
  readonly api_key: string;
  /** The events, oldest first. */
  readonly events: readonly AmplitudeEvent[];
  /** Upload options; `min_id_length` lowers the 5-character minimum of user and device ids. */
  readonly options?:
    | {
        /** The least length of `user_id` and `device_id` (Amplitude's default is 5). */
        readonly min_id_length?: number;
      }
    | undefined;
}

/**
 * What to do with a batch after an upload attempt (see {@link classifyUploadResponse}).
 *
 * @example
 * ```ts
 * import type { UploadOutcome } from './amplitude'; // internal: not exported from @matchkit/sdk/analytics
 * function describe(o: UploadOutcome): string {
 *   return o.kind === 'retry' ? `retry in ${o.retryAfterMs ?? 'backoff'} ms` : o.kind;
 * }
 * ```
 */
export type UploadOutcome =
  | {
      /** Accepted (2xx): remove the batch from the queue. */
      readonly kind: 'sent';
    }
  | {
      /** 429, 5xx or a network failure: keep the batch and try again after a delay. */
      readonly kind: 'retry';
      /** The status, `null` for a network failure. */
      readonly status: number | null;
      /** The delay the server asked for (`Retry-After`), if any. */
      readonly retryAfterMs: number | undefined;
    }
  | {
      /** A status that retrying cannot fix: drop the batch. */
      readonly kind: 'drop';
      /** The status. */
      readonly status: number;
      /** The response body, for the log. */
      readonly bodyText: string;
    }
  | {
      /** A 400 naming some events: drop those, keep the rest. */
      readonly kind: 'drop-some';
      /** The status (400). */
      readonly status: number;
      /** Positions in the batch of the events to drop, ascending. */
      readonly indices: readonly number[];
      /** The response body, for the log. */
      readonly bodyText: string;
    }
  | {
      /** 413: the request was too large; send fewer events at a time. */
      readonly kind: 'split';
      /** The status (413). */
      readonly status: number;
    };

/** Retry-After values beyond this are clamped (a broken header must not stall uploads for days). */
const MAX_RETRY_AFTER_MS = 15 * 60 * 1000;

/**
 * Reads a `Retry-After` header: whole seconds or an HTTP date, as milliseconds from `now`
 * (never negative, at most 15 minutes); `undefined` when absent or unreadable.
 *
 * @param value - the header's value
 * @param now - the current time, epoch ms
 *
 * @example
 * ```ts
 * import { parseRetryAfter } from './amplitude'; // internal: not exported from @matchkit/sdk/analytics
 * parseRetryAfter('120', 0); // 120000
 * parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.UTC(2015, 9, 21, 7, 27, 30)); // 30000
 * ```
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  // An HTTP date (IMF-fixdate, RFC 850 or asctime) starts with a day name.
  const at = /^[A-Za-z]{3}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - now), MAX_RETRY_AFTER_MS);
}

function indicesIn(value: unknown, into: Set<number>): void {
  if (Array.isArray(value)) {
    for (const v of value) if (Number.isSafeInteger(v) && (v as number) >= 0) into.add(v as number);
  } else if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) indicesIn(v, into);
  }
}

/**
 * Classifies an upload response the way Amplitude's documentation asks: 2xx sent; 429 and 5xx
 * retried with backoff (honouring `Retry-After`); 413 split into smaller batches; a 400 that
 * lists offending events (`events_with_invalid_fields`, `events_with_missing_fields`,
 * `silenced_events`) drops those and keeps the rest; any other status (other 4xx, a 3xx that was
 * not followed) drops the batch: retrying would fail the same way and wedge the queue.
 *
 * @param status - the HTTP status
 * @param bodyText - the response body
 * @param retryAfter - the `Retry-After` header, if any
 * @param now - the current time, epoch ms (for an HTTP-date `Retry-After`)
 * @param batchSize - how many events the request carried
 *
 * @example
 * ```ts
 * import { classifyUploadResponse } from './amplitude'; // internal: not exported from @matchkit/sdk/analytics
 * classifyUploadResponse(503, '', '5', 0, 10); // { kind: 'retry', status: 503, retryAfterMs: 5000 }
 * classifyUploadResponse(400, '{"events_with_invalid_fields":{"time":[1]}}', null, 0, 3).kind; // 'drop-some'
 * ```
 */
export function classifyUploadResponse(
  status: number,
  bodyText: string,
  retryAfter: string | null | undefined,
  now: number,
  batchSize: number,
): UploadOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 429 || (status >= 500 && status < 600)) {
    return { kind: 'retry', status, retryAfterMs: parseRetryAfter(retryAfter, now) };
  }
  if (status === 413) return { kind: 'split', status };
  if (status === 400) {
    const indices = new Set<number>();
    try {
      const body = JSON.parse(bodyText) as Record<string, unknown>;
      indicesIn(body?.events_with_invalid_fields, indices);
      indicesIn(body?.events_with_missing_fields, indices);
      indicesIn(body?.silenced_events, indices);
    } catch {
      // not JSON: nothing names the bad events
    }
    const inBatch = [...indices].filter((i) => i < batchSize).sort((a, b) => a - b);
    if (inBatch.length > 0 && inBatch.length < batchSize) return { kind: 'drop-some', status, indices: inBatch, bodyText };
  }
  return { kind: 'drop', status, bodyText };
}

/**
 * The backoff before retry number `attempt` (1 for the first retry): exponential from `baseMs`,
 * capped at `maxMs`, with "equal jitter" (half fixed, half random) so clients that failed together
 * do not retry together. Always within [d/2, d] for d = min(maxMs, baseMs * 2^(attempt-1)).
 *
 * @param attempt - the retry's number, from 1
 * @param baseMs - the first delay
 * @param maxMs - the largest delay
 * @param random - a number in [0, 1)
 *
 * @example
 * ```ts
 * import { uploadBackoffDelay } from './amplitude'; // internal: not exported from @matchkit/sdk/analytics
 * uploadBackoffDelay(1, 1000, 60_000, 0); // 500
 * uploadBackoffDelay(3, 1000, 60_000, 0.999); // close to 4000
 * ```
 */
export function uploadBackoffDelay(attempt: number, baseMs: number, maxMs: number, random: number): number {
  const d = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  const r = Math.min(Math.max(random, 0), 1);
  return Math.round(d / 2 + (r * d) / 2);
}
