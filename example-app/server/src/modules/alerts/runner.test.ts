import { describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import type { AlertRow, StoredMatch } from './alerts';
import { MAX_PUSH_BODY, clipPushText, pushMessage } from '../../notifications/settings';
import { alertPush } from './runner';

const alert: AlertRow = {
  id: 'oa_1',
  userId: 'u_1',
  tool: 'oddsmatcher',
  name: 'Close matches',
  rule: { minRating: 97 },
  paused: false,
  createdAt: new Date('2026-03-02T10:00:00Z'),
  notifiedAt: null,
};
const match: StoredMatch = {
  eventName: 'Arsenal v Chelsea',
  marketName: 'Match Odds',
  selectionName: 'Arsenal',
  selectionId: 'e1/mo/a',
  bookmaker: 'alder-bet',
  exchange: 'smarkets',
  backOdds: 2.1,
  layOdds: 2.14,
  rating: 97.25,
  startsAt: '2026-03-02T15:00:00.000Z',
};

describe('an odds alert’s push', () => {
  it('names the bookmaker and exchange as the app shows them, never by their keys', () => {
    const push = alertPush({ brand: getBrand('primary') }, alert, [
      { key: 'e1/mo/a|alder-bet|smarkets', match },
      { key: 'e1/mo/b|alder-bet|smarkets', match: { ...match, selectionName: 'Chelsea', rating: 96 } },
    ]);
    expect(push.title).toBe('Close matches: 2 matches');
    expect(push.body).toBe('Arsenal v Chelsea, Arsenal: back 2.1 at Alder Bet, lay 2.14 at Smarkets, rating 97.3%, and 1 more.');
    expect(push.tag).toBe('odds-alert-oa_1');
  });
});

describe('an odds alert’s push with long names', () => {
  // The feed names events and selections; a long pair once made sendPush refuse the body inside the
  // release transaction, so the alert never pushed again.
  const long = { ...match, eventName: 'Borussia Mönchengladbach Under 23 Development Squad v '.repeat(12), selectionName: 'The Draw' };

  it(`clips the body at a word boundary, with an ellipsis, to the ${MAX_PUSH_BODY} characters sendPush takes`, () => {
    const push = alertPush({ brand: getBrand('primary') }, alert, [{ key: 'e1/mo/a|alder-bet|smarkets', match: long }]);
    expect(push.body.length).toBeLessThanOrEqual(MAX_PUSH_BODY);
    expect(push.body.endsWith('…')).toBe(true);
    // Cut between words: what comes before the ellipsis is the start of the full text, ending a word.
    const kept = push.body.slice(0, -1);
    expect(long.eventName.startsWith(kept)).toBe(true);
    expect(long.eventName.charAt(kept.length)).toBe(' ');
    expect(() => pushMessage('odds-alerts', push)).not.toThrow();
  });

  it('leaves a body that fits as it is', () => {
    const push = alertPush({ brand: getBrand('primary') }, alert, [{ key: 'e1/mo/a|alder-bet|smarkets', match }]);
    expect(push.body).toBe('Arsenal v Chelsea, Arsenal: back 2.1 at Alder Bet, lay 2.14 at Smarkets, rating 97.3%.');
  });
});

describe('clipPushText', () => {
  it('never splits a surrogate pair, and cuts a single over-long word with an ellipsis', () => {
    expect(clipPushText('😀'.repeat(10), 6)).toBe('😀😀…');
    expect(clipPushText('abcdefghij', 5)).toBe('abcd…');
    expect(clipPushText('one two, three', 10)).toBe('one two…');
    expect(clipPushText('short', 5)).toBe('short');
  });
});
