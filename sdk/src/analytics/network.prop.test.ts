import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createNetworkCapture, recordedUrl } from './network';

describe('network capture laws', () => {
  it('for any credentials, the recorded URL contains neither the user name nor the password', () => {
    const part = fc.stringMatching(/^[A-Za-z0-9]{4,12}$/).map((p) => `zz${p}`); // "zz" keeps it out of the host and path
    fc.assert(
      fc.property(part, part, fc.boolean(), fc.boolean(), (user, password, withPassword, keepQuery) => {
        const userInfo = withPassword ? `${user}:${password}` : user;
        for (const url of [
          `https://${userInfo}@api.example.com/p?a=1`,
          `http://${userInfo}@127.0.0.1:8080/`,
          `//${userInfo}@host.example/x`,
        ]) {
          const out = recordedUrl(url, keepQuery);
          expect(out).not.toContain(user);
          expect(out).not.toContain(password);
          expect(out).not.toContain('@');
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('createNetworkCapture laws', () => {
  it('a request is recorded exactly when its status lies in the capture range, inclusive, and never twice', () => {
    const status = fc.integer({ min: 100, max: 599 });
    fc.assert(
      fc.property(status, status, fc.array(status, { maxLength: 20 }), (a, b, statuses) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const tracked: number[] = [];
        const analytics = {
          track: (_: string, properties?: Readonly<Record<string, unknown>>) => void tracked.push(properties?.status as number),
          getSnapshot: () => ({ status: 'ready', endpoint: 'https://collector.example/batch' }) as never,
        };
        const capture = createNetworkCapture(analytics, { statusRange: { min, max } });
        const recorded = statuses.filter((s) => capture.captureRequest({ url: 'https://api.example/x', status: s }));
        const inRange = statuses.filter((s) => s >= min && s <= max);
        expect(recorded).toEqual(inRange);
        expect(tracked).toEqual(inRange);
      }),
      { numRuns: 300 },
    );
  });
});
