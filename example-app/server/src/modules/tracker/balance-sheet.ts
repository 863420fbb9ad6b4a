import type { QueryBalanceSheetArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireTracker } from './access';
import { loadSheet } from './balance';
import { readPeriod } from './filter';

/**
 * Query.balanceSheet: the sdk's balanceSheet over a period [from, to) (default: all time): the
 * entries dated in it and the bets settled in it; balances start at 0 at the period's start.
 */
export async function balanceSheet(_: unknown, args: QueryBalanceSheetArgs, ctx: RequestContext) {
  const userId = await requireTracker(ctx);
  const { from, to } = readPeriod(args.from, args.to);
  const { sheet, entries } = await loadSheet(ctx.db, userId, from, to);
  return { accounts: sheet.accounts, entries, totals: sheet.totals };
}
