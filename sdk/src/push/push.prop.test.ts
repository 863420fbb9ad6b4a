import { createECDH } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoreTimers } from '../integrations';
import { createPushManager, type MessagingService, type PushPermission } from '../push';
import { recordingLogger } from '../analytics/testing/loopback-server';
import { browser } from './testing/scripted-browser';

const keys = createECDH('prime256v1');
keys.generateKeys();
const VAPID = keys.getPublicKey().toString('base64url');

describe('push laws', () => {
  it('no sequence of refresh and disable calls ever prompts: only enable asks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<PushPermission>('default', 'granted', 'denied'),
        fc.boolean(),
        fc.array(fc.constantFrom('refresh', 'disable'), { maxLength: 8 }),
        async (permission, subscribed, ops) => {
          const b = browser({ permission, subscribed: subscribed && permission === 'granted' });
          const push = createPushManager({ messaging: b.messaging, vapidKey: VAPID });
          for (const op of ops) await (op === 'refresh' ? push.refresh() : push.disable());
          expect(b.prompts()).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('every call settles and busy ends false, whichever browser calls never settle (no call can wedge the queue)', async () => {
    // Timers that fire on the next macrotask whatever the delay: a call that never settles times out at once.
    const timers: StoreTimers = {
      setTimeout: (fn) => setTimeout(fn, 0),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    };
    const methods: (keyof MessagingService)[] = [
      'isSupported',
      'getPermission',
      'requestPermission',
      'getSubscription',
      'subscribe',
      'unsubscribe',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<PushPermission>('default', 'granted', 'denied'),
        fc.subarray(methods),
        fc.array(fc.constantFrom('refresh', 'enable', 'disable'), { minLength: 1, maxLength: 6 }),
        async (permission, hang, ops) => {
          const b = browser({ permission, hang });
          const push = createPushManager({ messaging: b.messaging, vapidKey: VAPID, timers, logger: recordingLogger() });
          // All at once, as quick clicks and focus events would call them.
          const states = await Promise.all(
            ops.map((op) => (op === 'refresh' ? push.refresh() : op === 'enable' ? push.enable() : push.disable())),
          );
          expect(states.every((s) => !s.busy)).toBe(true);
          expect(push.getSnapshot().busy).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
