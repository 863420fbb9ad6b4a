/// <reference types="vite/client" />
// The cost limit that counts list sizes, and the per-member operation rate (issue 22's review: 15
// aliases of the full odds snapshot gave one 4.8 MB, 0.5 s answer; ten at once slowed /healthz
// from 29 to 467 ms; there was no per-member limit). One suite, run on the embedded PGlite with
// the counts in memory (list-cost.test.ts), and on PostgreSQL with the counts in Redis, as in the
// scale-out configuration (list-cost.pg.test.ts).
import { parse, Kind, type FragmentDefinitionNode } from 'graphql';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedFeed } from '@matchkit/app-contract/feed';
import { OddsPatchesSubscription, OddsSnapshotQuery } from '@matchkit/sdk/feed';
import { platformOperations } from '@matchkit/sdk/transport';
import { createRedisRateLimitStore } from './auth/rate-limits';
import type { Database } from './db/client';
import { selectionCost } from './list-cost';
import { rejections } from './ops/testing';
import { LIMITS } from './plugins';
import { createTestApp, memberWithPlan, SUITE_DATABASES, testClock, type SuiteDatabase, type TestApp } from './test/app';

/** The web app's own operations: every exported GraphQL document of its api modules. */
const webModules = import.meta.glob<Record<string, unknown>>('../../web/src/features/**/api/*.ts', { eager: true });
const webOperations = Object.entries(webModules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, v]) => typeof v === 'string' && /^\s*(query|mutation|subscription)\b/.test(v))
    .map(([name, v]) => [`${file.replace(/^.*\/features\//, '')}#${name}`, v as string] as const),
);

/**
 * The suite, each app on a database `open` makes; with `redisUrl`, the rate counts are in that
 * Redis (as a server with REDIS_URL keeps them), else in the app's memory.
 */
export function listCostSuite(label: SuiteDatabase, open: () => Promise<Database>, redisUrl?: () => string): void {
  describe(`the cost limit counting list sizes (${label})`, () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      const clock = testClock();
      t = await createTestApp({ clock, feed: createSimulatedFeed({ seed: 1, clock, intervalMs: 500 }), database: await open() });
      expect(t.app.deps.database.kind).toBe(SUITE_DATABASES[label]);
      token = await memberWithPlan(t, 'pro-member', 'platinum');
    });
    afterAll(() => t.stop());

    it('lets every operation the sdk, the web app and the feed send stay under the limit', () => {
      const schema = t.app.yoga.getEnveloped({}).schema;
      const all: (readonly [string, string])[] = [
        ...Object.entries(platformOperations),
        ['feed#OddsSnapshotQuery', OddsSnapshotQuery],
        ['feed#OddsPatchesSubscription', OddsPatchesSubscription],
        ...webOperations,
      ];
      expect(webOperations.length).toBeGreaterThan(10);
      const costs = all.map(([name, source]) => {
        const document = parse(source);
        const fragments = new Map<string, FragmentDefinitionNode>();
        for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
        let cost = 0;
        for (const d of document.definitions) {
          if (d.kind !== Kind.OPERATION_DEFINITION) continue;
          const root = schema.getRootType(d.operation);
          if (root !== null && root !== undefined) cost = Math.max(cost, selectionCost(schema, fragments, d.selectionSet, root));
        }
        return { name, cost };
      });
      const over = costs.filter((c) => c.cost > LIMITS.maxListCost);
      expect(over).toEqual([]);
      // The full snapshot is the heaviest and is counted as such.
      const snapshot = costs.find((c) => c.name === 'feed#OddsSnapshotQuery')?.cost ?? 0;
      expect(snapshot).toBe(Math.max(...costs.map((c) => c.cost)));
      expect(snapshot * 15).toBeGreaterThan(LIMITS.maxListCost);
    });

    it('counts `first: null` (the resolver then serves its own default page) as the largest page, like a variable', () => {
      const schema = t.app.yoga.getEnveloped({}).schema;
      const cost = (source: string) => {
        const document = parse(source);
        const op = document.definitions[0];
        const query = schema.getQueryType();
        if (op?.kind !== Kind.OPERATION_DEFINITION || query === null || query === undefined) throw new Error('a query');
        return selectionCost(schema, new Map(), op.selectionSet, query);
      };
      const asNull = cost('{ trackedBets(first: null) { edges { node { id } } } }');
      const asVariable = cost('query ($n: Int) { trackedBets(first: $n) { edges { node { id } } } }');
      const asFifty = cost('{ trackedBets(first: 50) { edges { node { id } } } }');
      expect(asNull).toBe(asVariable);
      expect(asNull).toBeGreaterThan(asFifty);
    });

    it('refuses 15 aliases of the odds snapshot\u2019s prices with an error naming the limit, counted in /metrics', async () => {
      // Within GraphQL Armor's cost (which counts each field once), over the one that counts list sizes.
      const aliased = Array.from(
        { length: 15 },
        (_, i) =>
          `s${i}: oddsSnapshot { backPrices { key bookmaker selectionId odds } exchangePrices { key exchange selectionId places } }`,
      ).join('\n');
      const before = await rejections(t.app, 'list-cost');
      const r = await t.gql(`{\n${aliased}\n}`, {}, { token });
      expect(r.data).toBeNull();
      expect(r.errors?.map((e) => e.extensions)).toEqual([
        expect.objectContaining({ code: 'GRAPHQL_VALIDATION_FAILED', limit: 'maxListCost', maxCost: LIMITS.maxListCost }),
      ]);
      expect(r.errors?.[0]?.message).toMatch(/over the limit of 500000 \(maxListCost\)/);
      expect((await rejections(t.app, 'list-cost')) - before).toBe(1);
      // One full snapshot is answered.
      const one = await t.gql<{ oddsSnapshot: { markets: unknown[] } }>(OddsSnapshotQuery, {}, { token });
      expect(one.errors).toBeUndefined();
      expect(one.data?.oddsSnapshot.markets.length).toBeGreaterThan(0);
    });
  });

  describe(`the per-member operation rate (${label})`, () => {
    let t: TestApp;
    afterAll(() => t.stop());

    it('answers RATE_LIMITED with Retry-After once a member is over the limit, counted in /metrics; others go on', async () => {
      const store = redisUrl === undefined ? undefined : createRedisRateLimitStore(redisUrl());
      t = await createTestApp({ database: await open(), ...(store === undefined ? {} : { rateLimits: store }) });
      expect(t.app.deps.database.kind).toBe(SUITE_DATABASES[label]);
      expect(t.app.deps.rateLimits.kind).toBe(redisUrl === undefined ? 'memory' : 'redis');
      const ann = await memberWithPlan(t, 'ann', 'platinum');
      const ben = await memberWithPlan(t, 'ben', 'platinum');
      expect((await t.gql('{ me { username } }', {}, { token: ann })).errors).toBeUndefined();
      // Ann has used up the minute (599 more operations, counted straight in the store).
      const policy = { points: LIMITS.memberOperationsPerMinute, durationSeconds: 60 };
      await t.app.deps.rateLimits.counter('member-operations', policy).consume('ann', LIMITS.memberOperationsPerMinute - 1);
      const before = await rejections(t.app, 'member-rate');
      const r = await t.gql('{ me { username } }', {}, { token: ann });
      expect(r.data).toBeNull();
      expect(r.errors?.map((e) => e.extensions)).toEqual([{ code: 'RATE_LIMITED', retryAfter: expect.any(Number) }]);
      const wait = Number(r.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect((await rejections(t.app, 'member-rate')) - before).toBe(1);
      if (redisUrl !== undefined) {
        // The count is in Redis, not in the memory stand-in used while Redis is unreachable (another
        // process sees it).
        const redis = new Redis(redisUrl());
        try {
          expect(Number(await redis.get('mk:rl:member-operations:ann'))).toBeGreaterThan(policy.points);
        } finally {
          redis.disconnect();
        }
      }
      expect((await t.gql<{ me: { username: string } }>('{ me { username } }', {}, { token: ben })).data?.me.username).toBe('ben');
      expect((await t.gql('{ brand }')).errors).toBeUndefined();
    });
  });
}
