import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { createMovableClock } from '../clock';
import { ConfigError, loadConfig } from '../config';
import { buildTestApp, PRODUCTION_ENV, testClock, testEnv } from '../test/app';
import { DEV_CLOCK_PATH } from './dev-clock';

const move = (body: unknown, contentType = 'application/json') =>
  new Request(`http://localhost:3000${DEV_CLOCK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: JSON.stringify(body),
  });

describe('POST /dev/clock', () => {
  let app: App;
  beforeAll(async () => {
    const clock = createMovableClock(testClock());
    app = await buildTestApp({ clock, movableClock: clock });
  }, 120_000);
  afterAll(() => app.stop());

  it('moves a movable clock forward for a loopback JSON request; refuses a bad amount naming advanceMs', async () => {
    {
      const before = app.deps.clock();
      const r = await app.handler(move({ advanceMs: 20 * 60_000 }), { ip: '127.0.0.1' });
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ now: before + 20 * 60_000, offsetMs: 20 * 60_000 });
      expect(app.deps.clock()).toBe(before + 20 * 60_000);

      for (const advanceMs of [-1, 1.5, '60000', null]) {
        const bad = await app.handler(move({ advanceMs }), { ip: '127.0.0.1' });
        expect(bad.status).toBe(400);
        expect(await bad.json()).toMatchObject({ field: 'advanceMs' });
      }
      expect((await app.handler(move({ advanceMs: 1 }, 'text/plain'), { ip: '127.0.0.1' })).status).toBe(415);
      expect((await app.handler(move({ advanceMs: 1 }), { ip: '203.0.113.9' })).status).toBe(404);
      expect(app.deps.clock()).toBe(before + 20 * 60_000);
    }
  });

  it('is absent without a movable clock', { timeout: 120_000 }, async () => {
    const plain = await buildTestApp();
    try {
      expect((await plain.handler(move({ advanceMs: 60_000 }), { ip: '127.0.0.1' })).status).toBe(404);
    } finally {
      await plain.stop();
    }
  });

  it('is refused in production: MOVABLE_CLOCK stops the start, and no production app has the route', { timeout: 120_000 }, async () => {
    expect(() => loadConfig(testEnv({ ...PRODUCTION_ENV, MOVABLE_CLOCK: 'true' }))).toThrow(ConfigError);
    expect(() => loadConfig(testEnv({ ...PRODUCTION_ENV, MOVABLE_CLOCK: 'true' }))).toThrow(/MOVABLE_CLOCK/);
    const clock = createMovableClock();
    await expect(buildTestApp({ env: { ...PRODUCTION_ENV }, clock, movableClock: clock })).rejects.toThrow(/movable clock/);
    const plain = await buildTestApp({ env: { ...PRODUCTION_ENV } });
    try {
      expect((await plain.handler(move({ advanceMs: 60_000 }), { ip: '127.0.0.1' })).status).toBe(404);
    } finally {
      await plain.stop();
    }
  });
});
