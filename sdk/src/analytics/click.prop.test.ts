import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClickTracking } from './click';

describe('click tracking laws', () => {
  it('navigation happens exactly once, whichever of the upload and the wait ends first, and the wait never outlives it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 5000 }), async (uploadFirst, uploadFails, delayMs) => {
        const pending = new Map<number, () => void>();
        let next = 0;
        const timers = {
          setTimeout: (callback: () => void) => {
            pending.set(++next, callback);
            return next;
          },
          clearTimeout: (handle: unknown) => void pending.delete(handle as number),
        };
        let settleUpload: () => void = () => undefined;
        const upload = new Promise<void>((resolve, reject) => {
          settleUpload = uploadFails ? () => reject(new Error('upload failed')) : resolve;
        });
        const analytics = {
          track: () => undefined,
          flush: () => upload,
          getSnapshot: () => ({ status: 'ready' }) as never,
        };
        let navigated = 0;
        const done = createClickTracking(analytics, { delayMs, timers }).trackClick('go', undefined, () => (navigated += 1));
        expect(navigated).toBe(0);
        const fireWait = (): void => {
          for (const callback of [...pending.values()]) callback();
        };
        if (uploadFirst) settleUpload();
        else fireWait();
        await done;
        if (uploadFirst) fireWait();
        else settleUpload();
        await upload.catch(() => undefined);
        await Promise.resolve();
        expect(navigated).toBe(1);
        expect(pending.size).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
