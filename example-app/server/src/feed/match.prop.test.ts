import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarketSnapshot } from '@matchkit/sdk/matching';
import { combineBooks, liveMarket } from './combine';
import { createMatchRule, START_TOLERANCE_MS } from './match';
import { createNameRule } from './names';
import type { ProviderBook, ProviderEvent } from './provider';
import { footballMatch } from './testing';

const names = createNameRule();
const rule = createMatchRule(names);
const KICK_OFF = Date.parse('2026-12-05T15:00:00Z');
const AT = KICK_OFF - 3_600_000;
const AGES = { staleAfterMs: 300_000, maxPollAgeMs: 900_000 };
const TOLERANCE = START_TOLERANCE_MS['football'] as number;

/** Teams with the alias each may be spelled by (the alias table's built-in ones). */
const TEAMS: readonly (readonly [string, string])[] = [
  ['Manchester United', 'Man Utd'],
  ['Tottenham Hotspur', 'Spurs'],
  ['Nottingham Forest', "Nott'm Forest"],
  ['Arsenal', 'Arsenal FC'],
  ['Brighton and Hove Albion', 'Brighton & Hove Albion'],
];

const eventArb = fc
  .record({
    home: fc.integer({ min: 0, max: TEAMS.length - 1 }),
    away: fc.integer({ min: 0, max: TEAMS.length - 1 }),
    // Starts 0 to 60 minutes after the kick-off in 5-minute steps: some within the tolerance, some not.
    minutes: fc.integer({ min: 0, max: 12 }).map((n) => n * 5),
    at: fc.integer({ min: 0, max: 120 }).map((s) => AT - s * 1000),
  })
  .filter((e) => e.home !== e.away);

const bookArb = (provider: string) =>
  fc.uniqueArray(eventArb, { maxLength: 6 }).map((events): ProviderBook => ({
    provider,
    events: events.map((e, i) =>
      footballMatch(`${provider}-${i}`, TEAMS[e.home]?.[0] ?? '', TEAMS[e.away]?.[0] ?? '', KICK_OFF + e.minutes * 60_000, e.at),
    ),
  }));

const combine = (books: readonly ProviderBook[]) => liveMarket(combineBooks(books, rule, names), AT, AGES);

/** The book with every team spelled by its alias (and the draw as "The Draw"). */
function aliased(book: ProviderBook): ProviderBook {
  const alias = (name: string) => TEAMS.find(([full]) => full === name)?.[1] ?? (name === 'Draw' ? 'The Draw' : name);
  const rename = (e: ProviderEvent): ProviderEvent => ({
    ...e,
    participants: e.participants.map(alias),
    markets: e.markets.map((m) => ({ ...m, runners: m.runners.map((r) => ({ ...r, name: alias(r.name) })) })),
  });
  return { ...book, events: book.events.map(rename) };
}

describe('event matching laws', () => {
  it('matching is symmetric: the books in either order give the same snapshot', () => {
    fc.assert(
      fc.property(bookArb('odds-api'), bookArb('betfair'), (a, b) => {
        expect(combine([a, b])).toEqual(combine([b, a]));
        for (const x of a.events)
          for (const y of b.events)
            expect(rule.sameEvent({ provider: 'odds-api', event: x }, { provider: 'betfair', event: y })).toBe(
              rule.sameEvent({ provider: 'betfair', event: y }, { provider: 'odds-api', event: x }),
            );
      }),
    );
  });

  it('a book matched with itself is itself', () => {
    fc.assert(
      fc.property(bookArb('betfair'), (a) => {
        const copy: ProviderBook = { ...a, provider: 'zz-copy' };
        expect(combine([a, copy])).toEqual(combine([a]));
      }),
    );
  });

  it('renaming by an alias never splits an event', () => {
    fc.assert(
      fc.property(bookArb('odds-api'), bookArb('betfair'), (a, b) => {
        const plain = combine([a, b]);
        const renamed = combine([a, aliased(b)]);
        expect(renamed.events.map((e) => e.id)).toEqual(plain.events.map((e) => e.id));
        expect(renamed.markets.map((m) => m.runners.map((r) => r.id))).toEqual(plain.markets.map((m) => m.runners.map((r) => r.id)));
        expect(renamed.backPrices.length).toBe(plain.backPrices.length);
      }),
    );
  });

  it('two events outside the tolerance never merge', () => {
    fc.assert(
      fc.property(bookArb('odds-api'), bookArb('betfair'), bookArb('smarkets'), (a, b, c) => {
        const candidates = [a, b, c].flatMap((book) => book.events.map((event) => ({ provider: book.provider, event })));
        for (const group of rule.group(candidates)) {
          expect(new Set(group.members.map((m) => m.provider)).size).toBe(group.members.length);
          for (const x of group.members)
            for (const y of group.members) expect(Math.abs(x.event.startsAt - y.event.startsAt)).toBeLessThanOrEqual(TOLERANCE);
        }
      }),
    );
  });

  it('every combined snapshot passes parseMarketSnapshot, with ids that do not depend on the process', () => {
    fc.assert(
      fc.property(bookArb('odds-api'), bookArb('betfair'), (a, b) => {
        const m = combine([a, b]);
        expect(() => parseMarketSnapshot(m)).not.toThrow();
        // A rule built afresh (another process, a restart) gives the same ids.
        const again = liveMarket(combineBooks([b, a], createMatchRule(createNameRule()), createNameRule()), AT, AGES);
        expect(again.events.map((e) => e.id)).toEqual(m.events.map((e) => e.id));
        for (const e of m.events) expect(e.id).toMatch(/^football\/2026-12-05\/[a-z-]+-v-[a-z-]+(~\d{4}(~\d+)?)?$/);
      }),
    );
  });
});
