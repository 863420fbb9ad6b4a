import type { MutationImportBetsArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireTracker } from './access';
import { importCsv } from './bets';
import { publishChanges } from './publish';

/** Mutation.importBets: the tracker's CSV, its good bets in one transaction, the refused ones listed (see importCsv). */
export async function importBets(_: unknown, args: MutationImportBetsArgs, ctx: RequestContext) {
  const userId = await requireTracker(ctx);
  const outcome = await importCsv(ctx.db, ctx.brand, userId, args.csv, new Date(ctx.now));
  if (!outcome.ok) return { imported: 0, errors: outcome.errors };
  await publishChanges(ctx.deps, userId, outcome.changes);
  return { imported: outcome.changes.length, errors: outcome.refused };
}
