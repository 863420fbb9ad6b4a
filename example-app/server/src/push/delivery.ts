// Web push delivery (RFC 8030/8291/8292 through web-push): one push to one browser's push service,
// encrypted (aes128gcm) for that browser and signed with the server's VAPID key, resolving with
// what the push service answered. The push worker (worker.ts) decides what happens next: a 201 is
// sent; a 404 or 410 means the browser dropped the subscription (deleted here); a 429, a 5xx or a
// network failure is retried by the worker from its queue row. An endpoint outside the allowed
// push services (a row saved before that rule) is never sent to: it is deleted.
import { createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { systemClock, type Clock } from '../clock';
import type { VapidConfig } from '../config';
import type { Db } from '../db/client';
import { pushSubscriptions } from '../db/schema';
import { errorText, type Logger } from '../logger';
import { pushEndpointProblem } from './hosts';

/** One browser's subscription as stored. */
export interface PushTarget {
  readonly id: string;
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

/** What is sent: the JSON the service worker reads, and how the push service should treat it. */
export interface PushMessage {
  /** The payload (JSON text, under MAX_PAYLOAD_BYTES). */
  readonly body: string;
  /** Replaces an undelivered push with the same topic at the push service (<= 32 base64url characters). */
  readonly topic: string | null;
  readonly urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** How long the push service keeps it for an offline browser, in seconds. */
  readonly ttlSeconds: number;
}

/**
 * A push service's answer for one device: `sent` (201), `gone` (404 or 410: the subscription was
 * deleted), `refused` (not an allowed push service: deleted unsent), `dropped` (another answer,
 * not worth retrying) or `retry` (429, 5xx or a network failure; `retryAfterMs` from Retry-After).
 */
export type PushAnswer =
  | { readonly outcome: 'sent' | 'gone' | 'refused' }
  | { readonly outcome: 'dropped'; readonly error: string }
  | { readonly outcome: 'retry'; readonly error: string; readonly retryAfterMs: number | null };

/** Sends one push to one device. */
export interface PushDelivery {
  /** Sends `message` to `target` and resolves with the answer; never rejects. */
  send(target: PushTarget, message: PushMessage): Promise<PushAnswer>;
}

/** A topic for a tag: the push service wants at most 32 URL-safe characters. */
export function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

export interface PushDeliveryOptions {
  readonly vapid: VapidConfig;
  /** The push services' hosts an endpoint must be at (config.pushAllowedHosts); others are deleted unsent. */
  readonly allowedHosts: readonly string[];
  readonly db: Db;
  readonly logger: Logger;
  /** The server's clock, for a Retry-After given as an HTTP date. @defaultValue the system clock */
  readonly clock?: Clock;
  /** One request's time limit, in ms. @defaultValue 10000 */
  readonly timeoutMs?: number;
  /** The https agent (tests: one trusting the local push service's certificate). @defaultValue Node's global agent */
  readonly agent?: Agent;
}

export function createPushDelivery(options: PushDeliveryOptions): PushDelivery {
  const { vapid, db, logger } = options;
  const clock = options.clock ?? systemClock;

  /**
   * Deletes `target`'s subscription; a failed delete is logged, never thrown, so send keeps its
   * promise never to reject (the answer is recorded; the next 404/410 deletes it again).
   */
  async function forget(target: PushTarget): Promise<void> {
    try {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
    } catch (error) {
      logger.error({ subscriptionId: target.id, error: errorText(error) }, 'push: could not delete the subscription');
    }
  }

  return {
    async send(target, message) {
      if (pushEndpointProblem(target.endpoint, options.allowedHosts) !== null) {
        await forget(target);
        logger.warn({ subscriptionId: target.id }, 'push: endpoint not at an allowed push service, deleted unsent');
        return { outcome: 'refused' };
      }
      try {
        await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, message.body, {
          vapidDetails: vapid,
          TTL: message.ttlSeconds,
          urgency: message.urgency,
          ...(message.topic === null ? {} : { topic: message.topic }),
          contentEncoding: 'aes128gcm',
          timeout: options.timeoutMs ?? 10_000,
          ...(options.agent === undefined ? {} : { agent: options.agent }),
        });
        return { outcome: 'sent' };
      } catch (error) {
        const status = error instanceof webpush.WebPushError ? error.statusCode : null;
        if (status === 404 || status === 410) {
          await forget(target);
          logger.info({ subscriptionId: target.id, status }, 'push: subscription gone, deleted');
          return { outcome: 'gone' };
        }
        const code = status === null ? networkCode(error) : `HTTP ${status}`;
        if (status === null || status === 429 || status >= 500) {
          const retryAfterMs = error instanceof webpush.WebPushError ? retryAfter(error.headers['retry-after'], clock()) : null;
          return { outcome: 'retry', error: code, retryAfterMs };
        }
        logger.warn({ subscriptionId: target.id, status, error: errorText(error) }, 'push: not delivered');
        return { outcome: 'dropped', error: code };
      }
    },
  };
}

/** A network failure's code (ECONNREFUSED...), never its message (which may quote the endpoint). */
function networkCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? code : 'network error';
}

/**
 * Retry-After in ms (seconds, or an HTTP date read against `now`, the server's clock), or null when
 * absent or unreadable.
 */
export function retryAfter(value: string | undefined, now: number): number | null {
  if (value === undefined) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
