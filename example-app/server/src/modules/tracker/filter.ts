// The TrackedBetFilter argument as the queries' BetFilter. from (inclusive) and to (exclusive) bound
// the bets' placedAt.
import type { TrackedBetFilter } from '../../generated/resolvers';
import type { BetFilter } from './queries';
import { badField } from './validation';

/** Reads the filter; BAD_INPUT when `to` is before `from`. */
export function readFilter(filter: TrackedBetFilter | null | undefined): BetFilter {
  if (filter === undefined || filter === null) return {};
  const from = filter.from ?? null;
  const to = filter.to ?? null;
  if (from !== null && to !== null && to.getTime() < from.getTime()) throw badField('filter.to', 'must not be before filter.from');
  return { source: filter.source ?? null, profitTypes: filter.profitTypes ?? null, status: filter.status ?? null, from, to };
}

/** Reads a (from, to) period; BAD_INPUT when `to` is before `from`. */
export function readPeriod(from: Date | null | undefined, to: Date | null | undefined): { from: Date | null; to: Date | null } {
  const f = from ?? null;
  const t = to ?? null;
  if (f !== null && t !== null && t.getTime() < f.getTime()) throw badField('to', 'must not be before from');
  return { from: f, to: t };
}
