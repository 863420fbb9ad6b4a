/**
 * The profit tracker: tracked bets with legs, their settlement to integer pence, totals (by
 * profit type, source, UK day and month, and per tracker-totals endpoint), the cumulative series,
 * the maximum drawdown, progress against the monthly goal, the balance sheet (its accounts matched
 * by the catalogue's keys), and CSV export and import. Pure functions over validated data; money in integer pence, time as instants.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/tracker
 */
export {
  trackerSources,
  MAX_PENCE,
  type BetStatus,
  type FreeBetKind,
  type LegResult,
  type LegRole,
  type LegSide,
  type TrackedBet,
  type TrackedBetInput,
  type TrackedLeg,
  type TrackedLegInput,
} from './model';
export { bookAccount, type BookAccount } from './accounts';
export { parseBet, parseBets, settleBet, voidBet, type SettleBetOptions } from './settle';
export {
  trackerTotals,
  totalsBy,
  endpointTotals,
  cumulativeProfit,
  maxDrawdown,
  drawdownSeries,
  goalProgress,
  openLiability,
  type ProfitTotals,
  type TotalsGrouping,
  type TotalsGroup,
  type EndpointTotals,
  type CumulativePoint,
  type Drawdown,
  type DrawdownPoint,
  type GoalProgress,
  type GoalProgressOptions,
} from './totals';
export {
  balanceSheet,
  type AccountSheet,
  type BalanceAccountInput,
  type BalanceChange,
  type BalanceEntryInput,
  type BalanceEntryKind,
  type BalanceSheet,
  type BalanceSheetInput,
  type BalanceTotals,
} from './balance';
export { exportBetsCsv, importBetsCsv, importBetsCsvInPart, TRACKER_CSV_COLUMNS, type CsvImport } from './csv';
export { backLayBet, type BackLayBetInput, type NewTrackedBet } from './fromBackLay';
