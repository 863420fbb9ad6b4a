// Webhook signatures, as real providers make them: the header
//   x-matchkit-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
// keyed with PAYMENT_WEBHOOK_SECRET. The receiver recomputes the HMAC over the raw body it got,
// compares in constant time (timingSafeEqual), and refuses a timestamp more than five minutes off
// its own clock, so a captured request cannot be replayed later.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header carrying the signature. */
export const SIGNATURE_HEADER = 'x-matchkit-signature';

/** How far the signed timestamp may be from the receiver's clock, either way. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

function hmac(secret: string, timestamp: number, body: string): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest();
}

/** The header value signing `body` at `nowMs` (the timestamp is whole seconds). */
export function signWebhook(secret: string, body: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${hmac(secret, t, body).toString('hex')}`;
}

/** Why a signature was refused (for the log; the response says only that it was). */
export type SignatureCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * Checks a signature header against the raw body. Several v1 values are allowed (a provider
 * rotating its secret sends one per secret); one must match.
 */
export function verifyWebhookSignature(secret: string, body: string, header: string | null, nowMs: number): SignatureCheck {
  if (header === null || header === '') return { ok: false, reason: 'no signature header' };
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === null) return { ok: false, reason: 'no timestamp' };
  if (signatures.length === 0) return { ok: false, reason: 'no v1 signature' };
  if (Math.abs(nowMs - timestamp * 1000) > SIGNATURE_TOLERANCE_MS)
    return { ok: false, reason: 'timestamp more than 5 minutes off the clock' };
  const expected = hmac(secret, timestamp, body);
  // Every candidate is compared (no early exit), each in constant time.
  let match = false;
  for (const s of signatures) if (s.length === expected.length && timingSafeEqual(s, expected)) match = true;
  return match ? { ok: true } : { ok: false, reason: 'signature does not match' };
}
