// Retry-After as the push service gives it: seconds, or an HTTP date read on the server's clock.
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createLogger } from '../logger';
import { createPushDelivery, retryAfter } from './delivery';
import { PUSH_POLICY, pushRetryDelay } from './worker';

describe('Retry-After', () => {
  it('reads seconds, and an HTTP date against the clock passed in, not the system clock', () => {
    const now = Date.parse('2030-01-01T12:00:00Z');
    expect(retryAfter('30', now)).toBe(30_000);
    expect(retryAfter('Tue, 01 Jan 2030 12:00:20 GMT', now)).toBe(20_000);
    expect(retryAfter('Tue, 01 Jan 2030 11:59:00 GMT', now)).toBe(0);
    expect(retryAfter('soon', now)).toBeNull();
    expect(retryAfter(undefined, now)).toBeNull();
  });

  it('never waits less than the backoff, whatever Retry-After says, and at most maxDelayMs', () => {
    expect(pushRetryDelay(1, 0, PUSH_POLICY)).toBe(1000);
    expect(pushRetryDelay(3, 0, PUSH_POLICY)).toBe(16_000);
    expect(pushRetryDelay(2, null, PUSH_POLICY)).toBe(4000);
    expect(pushRetryDelay(1, 30_000, PUSH_POLICY)).toBe(30_000);
    expect(pushRetryDelay(1, 3_600_000, PUSH_POLICY)).toBe(PUSH_POLICY.maxDelayMs);
  });
});

describe('send', () => {
  it('never rejects, even when deleting a refused subscription fails', async () => {
    const db = {
      delete: () => {
        throw new Error('database down');
      },
    } as unknown as Db;
    const delivery = createPushDelivery({
      vapid: { publicKey: 'k', privateKey: 'k', subject: 'mailto:ops@example.com' } as never,
      allowedHosts: ['push.example.com'],
      db,
      logger: createLogger('silent'),
    });
    const target = { id: 's1', endpoint: 'https://evil.example.net/push/1', p256dh: 'p', auth: 'a' };
    await expect(delivery.send(target, { body: '{}', topic: null, urgency: 'normal', ttlSeconds: 60 })).resolves.toEqual({
      outcome: 'refused',
    });
  });
});
