import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isDirectTraffic,
  nextSession,
  restoreSessionState,
  type Campaign,
  type SessionEvent,
  type SessionOptions,
  type SessionState,
  type SessionStep,
} from '../analytics';

const MIN = 60_000;
const T0 = Date.UTC(2025, 7, 11, 8);

const campaign: fc.Arbitrary<Campaign | undefined> = fc.constantFrom<Campaign | undefined>(
  undefined,
  {},
  { utm_source: 'google', utm_medium: 'cpc' },
  { utm_source: 'google', utm_medium: 'cpc', gclid: 'abc' },
  { utm_source: 'newsletter', utm_medium: 'email' },
  { referrer: 'https://www.bing.com/search?q=x' },
  { referrer: 'https://bing.com/other' },
  { fbclid: 'f1' },
);

/** Event gaps mostly forwards, sometimes backwards (late events), around the timeout. */
const gap = fc.oneof(
  fc.integer({ min: 0, max: 5 * MIN }),
  fc.integer({ min: 25 * MIN, max: 35 * MIN }),
  fc.integer({ min: -10 * MIN, max: 0 }),
  fc.integer({ min: 0, max: 24 * 60 * MIN }),
);

const events: fc.Arbitrary<SessionEvent[]> = fc.array(fc.tuple(gap, campaign), { minLength: 1, maxLength: 60 }).map((steps) => {
  let t = T0;
  return steps.map(([dt, c]) => {
    t = Math.max(0, t + dt);
    return c === undefined ? { time: t } : { time: t, campaign: c };
  });
});

const options: fc.Arbitrary<SessionOptions> = fc.record({
  sessionTimeoutMs: fc.oneof(fc.constant(30 * MIN), fc.integer({ min: 1, max: 120 * MIN })),
  newSessionOnNewCampaign: fc.boolean(),
});

/** Each event's step, paired with the state before it. */
function run(list: SessionEvent[], opts: SessionOptions, start?: SessionState): { before: SessionState | undefined; step: SessionStep }[] {
  let state = start;
  return list.map((e) => {
    const before = state;
    const step = nextSession(state, e, opts);
    state = step.state;
    return { before, step };
  });
}

describe('session manager laws', () => {
  it('session ids never decrease', () => {
    fc.assert(
      fc.property(events, options, (list, opts) => {
        const ids = run(list, opts).map((r) => r.step.state.sessionId);
        for (let i = 1; i < ids.length; i += 1) expect(ids[i]).toBeGreaterThanOrEqual(ids[i - 1] ?? 0);
      }),
      { numRuns: 500 },
    );
  });

  it('an event within the timeout of the last never starts a session unless the campaign changed (and that rule is on)', () => {
    fc.assert(
      fc.property(events, options, (list, opts) => {
        run(list, opts).forEach(({ before, step }, i) => {
          const t = list[i]?.time ?? 0;
          // "Within the timeout of the last": no more than the timeout after the latest event so far
          // (a late event, older than that one, is within too).
          if (before !== undefined && t - before.lastEventTime <= (opts.sessionTimeoutMs ?? 0) && step.sessionStarted) {
            expect(step.campaignChanged).toBe(true);
            expect(opts.newSessionOnNewCampaign).toBe(true);
            expect(step.reason).toBe('new-campaign');
          }
        });
      }),
      { numRuns: 500 },
    );
  });

  it('a gap longer than the timeout always starts a session', () => {
    fc.assert(
      fc.property(events, options, (list, opts) => {
        run(list, opts).forEach(({ before, step }, i) => {
          const t = list[i]?.time ?? 0;
          if (before !== undefined && t - before.lastEventTime > (opts.sessionTimeoutMs ?? 0)) {
            expect(step.sessionStarted).toBe(true);
            expect(step.reason).toBe('timeout');
            expect(step.state.sessionId).toBe(t);
          }
        });
      }),
      { numRuns: 500 },
    );
  });

  it('replaying the same events gives the same sessions, also across a JSON save and restore', () => {
    fc.assert(
      fc.property(events, options, fc.nat(), (list, opts, cutAt) => {
        const once = run(list, opts).map((r) => r.step.state.sessionId);
        const twice = run(list, opts).map((r) => r.step.state.sessionId);
        expect(twice).toEqual(once);
        const cut = cutAt % list.length;
        const head = run(list.slice(0, cut), opts);
        const saved = head.at(-1)?.step.state;
        const restored = saved === undefined ? undefined : restoreSessionState(JSON.parse(JSON.stringify(saved)));
        const tail = run(list.slice(cut), opts, restored).map((r) => r.step.state.sessionId);
        expect([...head.map((r) => r.step.state.sessionId), ...tail]).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });

  it('events without campaign information, or direct traffic, never change the campaign', () => {
    fc.assert(
      fc.property(events, options, (list, opts) => {
        run(list, opts).forEach(({ before, step }, i) => {
          const c = list[i]?.campaign;
          if (c === undefined || isDirectTraffic(c)) {
            expect(step.campaignChanged).toBe(false);
            if (before !== undefined) expect(step.state.campaign).toBe(before.campaign);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('a session never starts after the latest event time it has seen', () => {
    fc.assert(
      fc.property(events, options, (list, opts) => {
        for (const { step } of run(list, opts)) expect(step.state.sessionId).toBeLessThanOrEqual(step.state.lastEventTime);
      }),
      { numRuns: 300 },
    );
  });
});
