import { describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import type { AlertRow, StoredMatch } from './alerts';
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
