import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uploadBackoffDelay, classifyUploadResponse, parseRetryAfter } from './amplitude';

describe('classifyUploadResponse (Amplitude HTTP V2 / Batch API status codes)', () => {
  it('counts every 2xx as sent', () => {
    for (const status of [200, 201, 204, 299]) expect(classifyUploadResponse(status, '', null, 0, 5)).toEqual({ kind: 'sent' });
  });

  it('retries 429 and every 5xx, carrying Retry-After when present', () => {
    expect(classifyUploadResponse(429, '{"code":429}', null, 0, 5)).toEqual({ kind: 'retry', status: 429, retryAfterMs: undefined });
    expect(classifyUploadResponse(503, '', '7', 0, 5)).toEqual({ kind: 'retry', status: 503, retryAfterMs: 7000 });
    for (const status of [500, 502, 504, 599]) expect(classifyUploadResponse(status, '<html>', null, 0, 1).kind).toBe('retry');
  });

  it('splits on 413 (payload too large)', () => {
    expect(classifyUploadResponse(413, '', null, 0, 10)).toEqual({ kind: 'split', status: 413 });
  });

  it('drops only the events a 400 names, by index, across Amplitude error fields', () => {
    const body = JSON.stringify({
      code: 400,
      error: 'Request missing required field',
      events_with_invalid_fields: { time: [3], device_id: [0, 3] },
      events_with_missing_fields: { event_type: [5] },
      silenced_events: [7, 99],
    });
    expect(classifyUploadResponse(400, body, null, 0, 10)).toEqual({
      kind: 'drop-some',
      status: 400,
      indices: [0, 3, 5, 7],
      bodyText: body,
    });
  });

  it('drops the whole batch for a 400 naming no event, or naming all of them', () => {
    expect(classifyUploadResponse(400, '{"code":400,"error":"Invalid API key"}', null, 0, 3).kind).toBe('drop');
    expect(classifyUploadResponse(400, 'not json', null, 0, 3).kind).toBe('drop');
    expect(classifyUploadResponse(400, '{"events_with_invalid_fields":{"time":[0,1]}}', null, 0, 2).kind).toBe('drop');
  });

  it('never retries any other status', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (status) => {
        const kind = classifyUploadResponse(status, '', null, 0, 1).kind;
        const retried = status === 429 || status >= 500;
        expect(kind === 'retry').toBe(retried);
        if (status >= 300 && status < 500 && status !== 429 && status !== 413) expect(kind).toBe('drop');
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates (RFC 9110 section 10.2.3)', () => {
    expect(parseRetryAfter('0', 0)).toBe(0);
    expect(parseRetryAfter(' 120 ', 0)).toBe(120_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.UTC(2015, 9, 21, 7, 27, 30))).toBe(30_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.UTC(2015, 9, 21, 8))).toBe(0); // in the past
  });

  it('ignores absent or unreadable values and clamps absurd ones to 15 minutes', () => {
    expect(parseRetryAfter(null, 0)).toBeUndefined();
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter('-5', 0)).toBeUndefined();
    expect(parseRetryAfter('86400', 0)).toBe(15 * 60_000);
  });
});

describe('uploadBackoffDelay', () => {
  it('doubles from the base with equal jitter: 1 s base gives [0.5, 1], [1, 2], [2, 4] s', () => {
    expect([uploadBackoffDelay(1, 1000, 60_000, 0), uploadBackoffDelay(1, 1000, 60_000, 1)]).toEqual([500, 1000]);
    expect([uploadBackoffDelay(2, 1000, 60_000, 0), uploadBackoffDelay(2, 1000, 60_000, 1)]).toEqual([1000, 2000]);
    expect([uploadBackoffDelay(3, 1000, 60_000, 0), uploadBackoffDelay(3, 1000, 60_000, 1)]).toEqual([2000, 4000]);
  });

  it('stays within [d/2, d] for d = min(cap, base * 2^(n-1)), so never above the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 600_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, base, extra, r) => {
          const cap = base + extra;
          const d = Math.min(cap, base * 2 ** (n - 1));
          const delay = uploadBackoffDelay(n, base, cap, r);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(d / 2));
          expect(delay).toBeLessThanOrEqual(cap);
        },
      ),
      { numRuns: 500 },
    );
  });
});
