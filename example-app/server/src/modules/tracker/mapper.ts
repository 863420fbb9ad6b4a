// The one place a tracked_bets row becomes the sdk's TrackedBet and back. The row keeps the bet as
// the sdk returned it (parseBet, settleBet, voidBet or importBetsCsv): legs as the sdk's TrackedLeg[]
// in jsonb, instants as timestamptz (epoch milliseconds in the sdk), pence as bigint.
import type { TrackedBet, TrackedLeg } from '@matchkit/sdk/tracker';
import type { trackedBets } from '../../db/schema';

export type TrackedBetRow = typeof trackedBets.$inferSelect;
export type TrackedBetInsert = typeof trackedBets.$inferInsert;

/** The sdk's bet of a stored row (exactly the sdk's fields: no user id, no bookkeeping instants). */
export function rowToBet(row: TrackedBetRow): TrackedBet {
  return {
    id: row.id,
    source: row.source,
    profitType: row.profitType,
    status: row.status,
    event: row.event,
    market: row.market,
    selection: row.selection,
    legs: (row.legs as TrackedLeg[]).map((leg) => ({
      role: leg.role,
      side: leg.side,
      account: leg.account,
      odds: leg.odds,
      stake: leg.stake,
      commission: leg.commission,
      freeBet: leg.freeBet,
      result: leg.result,
      market: leg.market,
    })),
    expectedProfit: row.expectedProfit,
    placedAt: row.placedAt.getTime(),
    settledAt: row.settledAt === null ? null : row.settledAt.getTime(),
    settledProfit: row.settledProfit,
    note: row.note,
  };
}

/**
 * The row of a bet the sdk validated, owned by `userId`. `now` is written as updated_at and, for a
 * new row, created_at (an upsert keeps the stored created_at).
 */
export function betToRow(userId: string, bet: TrackedBet, now: Date): TrackedBetInsert {
  return {
    userId,
    id: bet.id,
    source: bet.source,
    profitType: bet.profitType,
    status: bet.status,
    event: bet.event,
    market: bet.market,
    selection: bet.selection,
    legs: bet.legs.map((leg) => ({ ...leg })),
    expectedProfit: bet.expectedProfit,
    settledProfit: bet.settledProfit,
    placedAt: new Date(bet.placedAt),
    settledAt: bet.settledAt === null ? null : new Date(bet.settledAt),
    note: bet.note,
    createdAt: now,
    updatedAt: now,
  };
}
