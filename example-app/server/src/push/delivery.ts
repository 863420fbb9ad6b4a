// Web push delivery (RFC 8030/8291/8292 through web-push): each push goes to one browser's push
// service, encrypted (aes128gcm) for that browser and signed with the server's VAPID key. Sending
// runs in the background, never inside the caller's work: deliver() returns at once. A 404 or 410
// means the browser dropped the subscription (deleted here); a 429, a 5xx or a network failure is
// retried later with backoff (at most MAX_RETRIES times, honouring Retry-After up to a cap). An
// endpoint outside the allowed push services (a row saved before that rule) is never sent to: it
// is deleted.
import { createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import { eq } from 'drizzle-orm';
import { Counter, type Registry } from 'prom-client';
import webpush from 'web-push';
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

/** Sends pushes in the background. */
export interface PushDelivery {
  /** Queues `message` for each target and returns at once. */
  deliver(targets: readonly PushTarget[], message: PushMessage): void;
  /** Resolves when nothing is being sent or waiting for a retry (tests). */
  idle(): Promise<void>;
  /** Drops waiting retries and waits for sends under way. */
  stop(): Promise<void>;
}

/** Retries after the first attempt, for a 429, a 5xx or a network failure. */
export const MAX_RETRIES = 3;
/** The longest wait before a retry, whatever Retry-After says. */
const MAX_RETRY_DELAY_MS = 5 * 60_000;

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
  readonly registry: Registry;
  /** The first retry's delay; each later one is four times longer. @defaultValue 1000 */
  readonly retryBaseMs?: number;
  /** One request's time limit, in ms. @defaultValue 10000 */
  readonly timeoutMs?: number;
  /** The https agent (tests: one trusting the local push service's certificate). @defaultValue Node's global agent */
  readonly agent?: Agent;
}

export function createPushDelivery(options: PushDeliveryOptions): PushDelivery {
  const { vapid, db, logger } = options;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const sent = new Counter({ name: 'matchkit_push_sent_total', help: 'Pushes the push service accepted.', registers: [options.registry] });
  const failed = new Counter({
    name: 'matchkit_push_failed_total',
    help: 'Push attempts that failed, by outcome: retried (429, 5xx, network), dropped (retries used up, or another answer) or refused (not an allowed push service).',
    labelNames: ['outcome'] as const,
    registers: [options.registry],
  });
  const pruned = new Counter({
    name: 'matchkit_push_pruned_total',
    help: 'Subscriptions deleted because the push service answered 404 or 410.',
    registers: [options.registry],
  });
  const running = new Set<Promise<void>>();
  const waiting = new Set<ReturnType<typeof setTimeout>>();
  let idleWaiters: (() => void)[] = [];
  let stopped = false;

  function settle(): void {
    if (running.size > 0 || waiting.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  }

  function track(p: Promise<void>): void {
    running.add(p);
    void p.finally(() => {
      running.delete(p);
      settle();
    });
  }

  async function attempt(target: PushTarget, message: PushMessage, retry: number): Promise<void> {
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
      sent.inc();
    } catch (error) {
      const status = error instanceof webpush.WebPushError ? error.statusCode : null;
      if (status === 404 || status === 410) {
        pruned.inc();
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
        logger.info({ subscriptionId: target.id, status }, 'push: subscription gone, deleted');
        return;
      }
      const retriable = status === null || status === 429 || status >= 500;
      if (!retriable || retry >= MAX_RETRIES || stopped) {
        failed.inc({ outcome: 'dropped' });
        logger.warn({ subscriptionId: target.id, status, retries: retry, error: errorText(error) }, 'push: not delivered');
        return;
      }
      failed.inc({ outcome: 'retried' });
      const retryAfter = error instanceof webpush.WebPushError ? retryAfterMs(error.headers['retry-after']) : null;
      const delay = Math.min(retryAfter ?? retryBaseMs * 4 ** retry, MAX_RETRY_DELAY_MS);
      const handle = setTimeout(() => {
        waiting.delete(handle);
        track(attempt(target, message, retry + 1));
      }, delay);
      handle.unref();
      waiting.add(handle);
    }
  }

  async function refuse(target: PushTarget): Promise<void> {
    failed.inc({ outcome: 'refused' });
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
    logger.warn({ subscriptionId: target.id }, 'push: endpoint not at an allowed push service, deleted unsent');
  }

  return {
    deliver(targets, message) {
      if (stopped) return;
      for (const target of targets) {
        if (pushEndpointProblem(target.endpoint, options.allowedHosts) === null) track(attempt(target, message, 0));
        else track(refuse(target));
      }
    },
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settle();
      });
    },
    async stop() {
      stopped = true;
      for (const handle of waiting) clearTimeout(handle);
      waiting.clear();
      await Promise.allSettled([...running]);
      settle();
    },
  };
}

/** Retry-After in ms (seconds or an HTTP date), or null when absent or unreadable. */
function retryAfterMs(value: string | undefined): number | null {
  if (value === undefined) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
