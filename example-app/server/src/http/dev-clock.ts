// POST /dev/clock: moves a movable server clock forward, so that a browser test can make time pass
// (a session's tokens expire, a renewal slides it on). Only when the app was built with a movable
// clock (MOVABLE_CLOCK, which production refuses at start), only to a client on this machine, and
// only as a JSON request (no cross-site form can send one). Body: `{ "advanceMs": <whole ms ≥ 0> }`;
// answer: `{ "now": <epoch ms>, "offsetMs": <total> }`. Anything else is 400 naming the field.
import type { MovableClock } from '../clock';
import type { Route } from '../kernel';
import { isLoopback } from '../ops/metrics';

export const DEV_CLOCK_PATH = '/dev/clock';

/** The route moving `clock`. */
export function devClockRoute(clock: MovableClock): Route {
  return {
    method: 'POST',
    path: DEV_CLOCK_PATH,
    async handle(request, ctx) {
      if (!isLoopback(ctx.ip)) return Response.json({ error: true, message: 'Not found' }, { status: 404 });
      if ((request.headers.get('content-type') ?? '').split(';')[0]?.trim() !== 'application/json')
        return Response.json({ error: true, message: 'content-type must be application/json' }, { status: 415 });
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        return Response.json({ error: true, field: 'body', message: 'body must be JSON' }, { status: 400 });
      }
      const advanceMs = (body as { advanceMs?: unknown } | null)?.advanceMs;
      if (typeof advanceMs !== 'number' || !Number.isSafeInteger(advanceMs) || advanceMs < 0)
        return Response.json(
          { error: true, field: 'advanceMs', message: 'advanceMs must be a whole number of milliseconds, at least 0' },
          { status: 400 },
        );
      clock.advance(advanceMs);
      ctx.logger.warn({ advanceMs, offsetMs: clock.offsetMs }, 'the server clock was moved forward (MOVABLE_CLOCK)');
      return Response.json({ now: clock(), offsetMs: clock.offsetMs });
    },
  };
}
