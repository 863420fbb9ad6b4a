import { createECDH } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPushManager, type PushPermission } from '../push';
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
});
