import { describe, expect, it } from 'vitest';
import { choosePubSubKind, createPubSubFromConfig } from './config';
import { PubSubInputError } from './types';

const pg = 'postgres://mk:mk@127.0.0.1:5432/mk';
const redis = 'redis://127.0.0.1:6379';

describe('choosePubSubKind', () => {
  it('takes the named mode, and in auto mode prefers Redis, then a PostgreSQL server, then memory', () => {
    expect(choosePubSubKind({ mode: 'memory', redisUrl: redis, databaseUrl: pg })).toBe('memory');
    expect(choosePubSubKind({ mode: 'redis', redisUrl: redis })).toBe('redis');
    expect(choosePubSubKind({ mode: 'postgres', databaseUrl: 'postgresql://h/db' })).toBe('postgres');
    expect(choosePubSubKind({ mode: 'auto', redisUrl: redis, databaseUrl: pg })).toBe('redis');
    expect(choosePubSubKind({ mode: 'auto', redisUrl: '', databaseUrl: pg })).toBe('postgres');
    expect(choosePubSubKind({ mode: 'auto', databaseUrl: '/var/lib/matchkit/pglite' })).toBe('memory');
    expect(choosePubSubKind({ mode: 'auto' })).toBe('memory');
  });

  it('names the field that is missing or wrong', () => {
    const field = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (error) {
        expect(error).toBeInstanceOf(PubSubInputError);
        return (error as PubSubInputError).field;
      }
      return undefined;
    };
    expect(field(() => choosePubSubKind({ mode: 'redis' }))).toBe('redisUrl');
    expect(field(() => choosePubSubKind({ mode: 'redis', redisUrl: pg }))).toBe('redisUrl');
    expect(field(() => choosePubSubKind({ mode: 'postgres', databaseUrl: './data' }))).toBe('databaseUrl');
    expect(field(() => choosePubSubKind({ mode: 'auto', redisUrl: 'localhost:6379' }))).toBe('redisUrl');
    expect(field(() => choosePubSubKind({ mode: 'cluster' as 'auto' }))).toBe('mode');
  });

  it('builds the in-process pubsub when nothing else is configured', async () => {
    const pubSub = await createPubSubFromConfig({ mode: 'auto', maxBuffered: 5 });
    expect(pubSub.kind).toBe('memory');
    await pubSub.close();
  });
});
