// How a deployment elects the feed's leader: the one decision the feed module and createFeed share.
import { describe, expect, it } from 'vitest';
import { feedElection } from './leader';

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
