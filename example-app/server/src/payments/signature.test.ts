import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from './signature';

const SECRET = 'test-webhook-secret-0123456789abcdefghijklmnopqrstuv';
const NOW = Date.parse('2026-03-02T10:00:00Z');

describe('webhook signatures', () => {
  it('has the documented form: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    const header = signWebhook(SECRET, '{"a":1}', NOW);
    const t = Math.floor(NOW / 1000);
    expect(header).toBe(`t=${t},v1=${createHmac('sha256', SECRET).update(`${t}.{"a":1}`).digest('hex')}`);
  });

  it('property: a signature verifies for its body and secret, and for no changed body', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ minLength: 1, maxLength: 5 }), (body, extra) => {
        const header = signWebhook(SECRET, body, NOW);
        expect(verifyWebhookSignature(SECRET, body, header, NOW)).toEqual({ ok: true });
        expect(verifyWebhookSignature(SECRET, body + extra, header, NOW).ok).toBe(false);
        expect(verifyWebhookSignature(`${SECRET}x`, body, header, NOW).ok).toBe(false);
      }),
    );
  });

  it('refuses a timestamp more than 5 minutes off the clock, either way, and accepts one just inside', () => {
    const body = '{}';
    const fiveMinutes = 5 * 60_000;
    expect(verifyWebhookSignature(SECRET, body, signWebhook(SECRET, body, NOW - fiveMinutes), NOW).ok).toBe(true);
    expect(verifyWebhookSignature(SECRET, body, signWebhook(SECRET, body, NOW - fiveMinutes - 1000), NOW)).toEqual({
      ok: false,
      reason: 'timestamp more than 5 minutes off the clock',
    });
    expect(verifyWebhookSignature(SECRET, body, signWebhook(SECRET, body, NOW + fiveMinutes + 1000), NOW).ok).toBe(false);
  });

  it('refuses a missing or malformed header, and a signature of another length', () => {
    expect(verifyWebhookSignature(SECRET, '{}', null, NOW).ok).toBe(false);
    expect(verifyWebhookSignature(SECRET, '{}', 'v1=abc', NOW).ok).toBe(false);
    expect(verifyWebhookSignature(SECRET, '{}', `t=${Math.floor(NOW / 1000)}`, NOW).ok).toBe(false);
    expect(verifyWebhookSignature(SECRET, '{}', `t=${Math.floor(NOW / 1000)},v1=${'ab'.repeat(16)}`, NOW).ok).toBe(false);
  });

  it('accepts any of several v1 values (a secret being rotated)', () => {
    const good = signWebhook(SECRET, '{}', NOW);
    const other = signWebhook('another-secret-0123456789abcdefghijklmnop', '{}', NOW).split(',')[1];
    expect(verifyWebhookSignature(SECRET, '{}', `${good.split(',')[0]},${other},${good.split(',')[1]}`, NOW).ok).toBe(true);
  });
});
