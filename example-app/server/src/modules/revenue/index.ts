// Revenue: each member's monthly recurring revenue as a step function (member_revenue_changes),
// rebuilt from their ledger and refunds with the sdk's revenueChanges (rebuild.ts), and the
// administrators' dashboard over it (dashboard.ts, Query.adminRevenue).
//
// Kept current, and why nothing is lost. Migration 0020's triggers mark a member as behind
// (member_revenue_stale, bumping a version) in the same transaction that writes, changes or deletes
// a ledger or refund row of theirs (a TRUNCATE marks everyone with changes or a ledger). The mark
// commits with the change or not at all. A rebuild reads the mark's version, rewrites the member's
// rows from the ledger and drops the mark only if its version is unchanged; so a change that lands
// during a rebuild leaves its mark for the next pass. Passes run:
//   - when the database reports a member change (Database.memberChanges: users, ledger, refunds,
//     sessions; '*' after a TRUNCATE or a lost listener), coalesced: a report during a pass asks
//     for one more pass after it, reports within DEBOUNCE_MS make one pass. A pass rebuilds every
//     marked member, not only the ids reported, so nothing hangs on the notice itself;
//   - at start, and every SWEEP_INTERVAL_MS (a lost notice, a pass that failed);
//   - before the dashboard answers, when few members are behind (at most WAIT_FOR_AT_MOST): the
//     figures then include every ledger change committed before the request.
// A process that dies between a ledger write and its rebuild leaves the mark: the next start (of
// any process) rebuilds that member. Several processes on one PostgreSQL may rebuild the same member
// at once: each member's rebuild holds an advisory lock on them, so the second waits and writes the
// same rows again (rebuilds are idempotent).
import type { QueryAdminRevenueArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { periodicPass } from '../../periodic';
import { requireAdmin } from '../admin/require-admin';
import { readRange } from '../analytics/funnel';
import type { ModuleFactory, Resolvers } from '../module';
import { readRevenue } from './dashboard';
import { rebuildStale, staleCount } from './rebuild';
import typeDefs from './schema.graphql?raw';

/** Reports within this many ms make one pass. */
export const DEBOUNCE_MS = 50;
/** How often every marked member is rebuilt regardless of reports. */
export const SWEEP_INTERVAL_MS = 60_000;
/** The dashboard waits for a pass when at most this many members are behind, else answers with the count. */
export const WAIT_FOR_AT_MOST = 1_000;
/** The longest the dashboard waits for a pass before it answers, ms. */
const WAIT_MS = 2_000;

export const revenueModule: ModuleFactory = (deps) => {
  const { db, brand, logger } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  /** Runs a pass now, or one more after the pass in progress; resolves when the pass that covers this call is done. */
  function pass(): Promise<void> {
    if (running !== null) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const done = await rebuildStale(db, brand, (userId, error) => logger.error({ err: error, userId }, 'member revenue not rebuilt'));
          if (done.members > 0) logger.debug({ revenue: done }, 'member revenue rebuilt');
        } catch (error) {
          logger.error({ err: error }, 'member revenue pass failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const sweep = periodicPass('member revenue sweep', SWEEP_INTERVAL_MS, logger, pass);
  let unsubscribe: (() => void) | null = null;

  async function adminRevenue(_: unknown, args: QueryAdminRevenueArgs, ctx: RequestContext) {
    await requireAdmin(ctx);
    const { from, to } = readRange(args.from, args.to);
    let behind = await staleCount(ctx.db);
    if (behind > 0 && behind <= WAIT_FOR_AT_MOST) {
      // At most WAIT_MS: while the ledger keeps changing (a renewal run) the pass keeps going, and
      // the answer then says how many members are behind rather than keep the administrator waiting.
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        pass(),
        new Promise<void>((resolve) => {
          timeout = setTimeout(resolve, WAIT_MS);
          timeout.unref();
        }),
      ]);
      clearTimeout(timeout);
      behind = await staleCount(ctx.db);
    }
    return { ...(await readRevenue(ctx.db, from, to, ctx.now)), membersBehind: behind };
  }

  return {
    name: 'revenue',
    typeDefs,
    resolvers: { Query: { adminRevenue } } satisfies Resolvers,
    start() {
      stopped = false;
      unsubscribe = deps.database.memberChanges.subscribe(() => {
        if (timer !== null || stopped) return;
        timer = setTimeout(() => {
          timer = null;
          void pass();
        }, DEBOUNCE_MS);
        timer.unref();
      });
      sweep.start();
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      if (timer !== null) clearTimeout(timer);
      timer = null;
      await sweep.stop();
      await running;
    },
  };
};
