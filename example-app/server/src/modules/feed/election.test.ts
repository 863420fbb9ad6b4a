// How a deployment elects the feed's leader: the one decision the feed module and createFeed share;
// and how a published message's term is read (fencing).
import { describe, expect, it } from 'vitest';
import { admits, feedElection, soleLeader, termOf } from './leader';

const DB = 'postgres://db.internal/matchkit';
const REDIS = 'redis://cache.internal:6379';

describe('the feed leader’s election', () => {
  it('is by advisory lock with a shared database, by Redis lease without one, else one process', () => {
    const kinds = ['memory', 'redis', 'postgres'] as const;
    const with_ = (databaseUrl: string | null, redisUrl: string | null) =>
      kinds.map((kind) => feedElection({ databaseUrl, redisUrl }, { kind }));
    expect(with_(DB, REDIS)).toEqual(['sole', 'advisory', 'advisory']);
    expect(with_(DB, null)).toEqual(['sole', 'advisory', 'advisory']);
    expect(with_(null, REDIS)).toEqual(['sole', 'redis', 'sole']);
    expect(with_(null, null)).toEqual(['sole', 'sole', 'sole']);
    expect(feedElection({ databaseUrl: DB, redisUrl: REDIS }, undefined)).toBe('sole');
  });
});

describe('a feed message’s term', () => {
  it('is its term, 0 from a release before fencing, and refused naming the field when malformed', () => {
    expect(termOf({ term: 42 })).toBe(42);
    expect(termOf({})).toBe(0);
    for (const term of ['42', Number.NaN, -1, 1.5, 2 ** 60, null])
      expect(() => termOf({ term }), String(term)).toThrow(new TypeError('term: a feed message’s term must be a non-negative integer'));
    const warned: string[] = [];
    expect(admits(soleLeader(), { term: 'x' }, (problem) => warned.push(problem))).toBe(false);
    expect(warned).toEqual(['term: a feed message’s term must be a non-negative integer']);
    expect(admits(soleLeader(), { term: 1 }, (problem) => warned.push(problem))).toBe(true);
  });
});
