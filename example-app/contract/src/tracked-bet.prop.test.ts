import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidationError } from '@matchkit/sdk/errors';
import type { TrackedBet, TrackedLeg } from '@matchkit/sdk/tracker';
import { backLeg, trackedBet, wireBet } from './testing/tracked-bets';
import { betFromWire, betToWire, type WireTrackedBet } from './tracked-bet';

/** Instants the tracker accepts: 1970-01-01 to 9999-12-31 (UTC), to the millisecond. */
const instant = fc.integer({ min: 0, max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) });
const pence = fc.integer({ min: -1e11, max: 1e11 });

const leg: fc.Arbitrary<TrackedLeg> = fc.record({
  role: fc.constantFrom('qualifying', 'free-bet'),
  side: fc.constantFrom('back', 'lay'),
  account: fc.string({ maxLength: 20 }),
  odds: fc.double({ min: 1.01, max: 1000, noNaN: true }),
  stake: fc.integer({ min: 0, max: 1e9 }),
  commission: fc.double({ min: 0, max: 0.99, noNaN: true }),
  freeBet: fc.constantFrom('snr', 'sr', null),
  result: fc.constantFrom('pending', 'won', 'lost', 'void'),
  market: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
});

const bet: fc.Arbitrary<TrackedBet> = fc.record({
  id: fc.string({ minLength: 1, maxLength: 20 }),
  source: fc.constantFrom('manual', 'oddsmatcher', 'each-way-matcher'),
  profitType: fc.constantFrom('guaranteed', 'potential', 'training', 'ev'),
  status: fc.constantFrom('open', 'settled', 'void'),
  event: fc.string({ maxLength: 40 }),
  market: fc.string({ maxLength: 40 }),
  selection: fc.string({ maxLength: 40 }),
  legs: fc.array(leg, { minLength: 1, maxLength: 4 }),
  expectedProfit: pence,
  placedAt: instant,
  settledAt: fc.option(instant, { nil: null }),
  settledProfit: fc.option(pence, { nil: null }),
  note: fc.option(fc.string({ maxLength: 40 }), { nil: null }),
});

describe('tracked-bet wire laws', () => {
  it('a bet sent on the wire and read back is the same bet (betFromWire after betToWire is the identity)', () => {
    fc.assert(
      fc.property(bet, (b) => {
        expect(betFromWire(betToWire(b))).toEqual(b);
      }),
    );
  });

  it('a wire bet in UTC form read and sent again is the same wire bet (betToWire after betFromWire is the identity)', () => {
    fc.assert(
      fc.property(bet, (b) => {
        // A wire bet as the server's DateTime scalar writes it: ISO 8601 in UTC, built here by Date itself.
        const wire: WireTrackedBet = {
          ...b,
          placedAt: new Date(b.placedAt).toISOString(),
          settledAt: b.settledAt === null ? null : new Date(b.settledAt).toISOString(),
        };
        expect(betToWire(betFromWire(wire))).toEqual(wire);
      }),
    );
  });

  it('an instant sent with any UTC offset reads as the same instant', () => {
    fc.assert(
      fc.property(bet, fc.integer({ min: -14 * 60, max: 14 * 60 }), (b, offsetMinutes) => {
        fc.pre(b.placedAt + offsetMinutes * 60_000 >= 0 && b.placedAt + offsetMinutes * 60_000 <= Date.UTC(9999, 11, 31));
        // The wall reading at that offset, written by hand: YYYY-MM-DDTHH:MM:SS.mmm±HH:MM.
        const wall = new Date(b.placedAt + offsetMinutes * 60_000).toISOString().slice(0, 23);
        const sign = offsetMinutes < 0 ? '-' : '+';
        const abs = Math.abs(offsetMinutes);
        const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
        const wire = { ...betToWire(b), placedAt: `${wall}${offset}` };
        expect(betFromWire(wire).placedAt).toBe(b.placedAt);
      }),
    );
  });
});

describe('betFromWire', () => {
  const wire = wireBet({ status: 'settled', placedAt: Date.UTC(2026, 2, 1, 12), settledAt: Date.UTC(2026, 2, 1, 18) });

  it('writes instants as ISO 8601 in UTC', () => {
    expect(wire.placedAt).toBe('2026-03-01T12:00:00.000Z');
    expect(wire.settledAt).toBe('2026-03-01T18:00:00.000Z');
  });

  it('keeps only the fields of the schema, both ways (a client-side __typename is not passed on)', () => {
    // The fixtures are written out with exactly the sdk's fields.
    const fields = Object.keys(trackedBet()).sort();
    const legFields = Object.keys(backLeg()).sort();
    const tagged = { ...wire, __typename: 'TrackedBet', legs: wire.legs.map((l) => ({ ...l, __typename: 'TrackedLeg' })) };
    const read = betFromWire(tagged);
    expect(Object.keys(read).sort()).toEqual(fields);
    expect(read.legs.map((l) => Object.keys(l).sort())).toEqual([legFields, legFields]);
    const sent = betToWire({ ...trackedBet(), userId: 'u1' } as TrackedBet);
    expect(Object.keys(sent).sort()).toEqual(fields);
  });

  it('names the instant that is not a date-time', () => {
    for (const [field, bad] of [
      ['placedAt', { ...wire, placedAt: 'yesterday' }],
      ['settledAt', { ...wire, settledAt: '' }],
    ] as const) {
      let thrown: unknown;
      try {
        betFromWire(bad);
      } catch (error) {
        thrown = error;
      }
      expect(isValidationError(thrown) ? thrown.issues.map((i) => i.path) : thrown).toEqual([field]);
    }
  });
});
