import { describe, expect, it } from 'vitest';
import type { ModuleFactory } from '../modules/module';
import { modules } from '../modules/index';
import { signedInMember, startedApp, wsProbe } from './testing';

describe('stop() on a running server (what SIGTERM runs)', () => {
  it('finishes the in-flight request, answers 503 to new ones and to /readyz, closes sockets with 1001, then closes the database', async () => {
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow: ModuleFactory = () => ({
      name: 'slow',
      routes: [
        {
          method: 'GET',
          path: '/api/slow',
          handle: async () => {
            entered();
            await gate;
            return Response.json({ done: true });
          },
        },
      ],
    });
    const s = await startedApp({ modules: [...modules, slow] });
    const { token } = await signedInMember(s.app);
    const ws = wsProbe(s.origin, { origin: 'http://localhost:3000' });
    await ws.opened;
    ws.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
    await ws.next('connection_ack');
    expect((await fetch(`${s.origin}/readyz`)).status).toBe(200);

    const inFlight = fetch(`${s.origin}/api/slow`);
    await inside;
    const stopped = s.stop();

    expect(await ws.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
    const ready = await fetch(`${s.origin}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ok: false, stopping: true });
    const late = await fetch(`${s.origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ brand }"}',
    });
    expect(late.status).toBe(503);
    expect(late.headers.get('x-request-id')).not.toBeNull();
    expect((await fetch(`${s.origin}/healthz`)).status).toBe(200);
    // New sockets are refused while draining.
    const refused = wsProbe(s.origin, { origin: 'http://localhost:3000' });
    await expect(refused.opened).rejects.toThrow(/upgrade refused: 503|ECONNREFUSED|socket hang up/);
    // The database is still open for the request that is finishing.
    expect(await s.database.ping()).toBe(true);

    release();
    const released = Date.now();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
    await stopped;
    // Stopped once drained, not at the drain timeout (10 s).
    expect(Date.now() - released).toBeLessThan(5000);

    expect(await s.database.ping()).toBe(false);
    await expect(fetch(`${s.origin}/healthz`)).rejects.toThrow();
  }, 120_000);
});
