// A tracked bet on the wire and in the sdk: the one place the platform's GraphQL `TrackedBet`
// (instants as ISO 8601 strings) and the sdk tracker's `TrackedBet` (instants as epoch
// milliseconds) are mapped to each other. The server sends its bets through `betToWire`; the web
// app and the server's tests read them back with `betFromWire`. Money is integer pence on both
// sides and the legs have the same fields, so only the two instants change form, and a leg's role,
// a String on the wire (a GraphQL enum cannot spell free-bet), is checked on the way in.
import { MatchkitValidationError } from '@matchkit/sdk/errors';
import type { ProfitType } from '@matchkit/sdk/model';
import type { BetStatus, LegRole, TrackedBet, TrackedLeg } from '@matchkit/sdk/tracker';

/** A leg as the platform's GraphQL API sends it (the `TrackedLeg` type of the schema): the sdk's fields, the role a string. */
export type WireTrackedLeg = Omit<TrackedLeg, 'role'> & { readonly role: string };

/** A tracked bet as the platform's GraphQL API sends it (the `TrackedBet` type of the schema). */
export interface WireTrackedBet {
  readonly id: string;
  readonly source: string;
  readonly profitType: ProfitType;
  readonly status: BetStatus;
  readonly event: string;
  readonly market: string;
  readonly selection: string;
  /** The legs in the order placed: the wire's `TrackedLeg` has exactly the sdk's fields. */
  readonly legs: readonly WireTrackedLeg[];
  /** Signed integer pence. */
  readonly expectedProfit: number;
  /** Signed integer pence, or null while open or void. */
  readonly settledProfit: number | null;
  /** ISO 8601 with an offset. */
  readonly placedAt: string;
  /** ISO 8601 with an offset, or null while open. */
  readonly settledAt: string | null;
  readonly note: string | null;
}

const ROLES: readonly string[] = ['qualifying', 'free-bet'] satisfies readonly LegRole[];

function role(value: string, path: string): LegRole {
  if (!ROLES.includes(value)) {
    throw new MatchkitValidationError('tracked bet from the wire', [
      { path, message: `must be qualifying or free-bet, received ${JSON.stringify(value)}` },
    ]);
  }
  return value as LegRole;
}

const leg = (l: WireTrackedLeg, n: number): TrackedLeg => ({
  role: role(l.role, `legs.${n}.role`),
  side: l.side,
  account: l.account,
  odds: l.odds,
  stake: l.stake,
  commission: l.commission,
  freeBet: l.freeBet,
  result: l.result,
  market: l.market,
});

function instant(value: string, path: string): number {
  const ms = Date.parse(value);
  if (typeof value !== 'string' || !Number.isFinite(ms)) {
    throw new MatchkitValidationError('tracked bet from the wire', [
      { path, message: `must be an ISO 8601 date-time, received ${JSON.stringify(value)}` },
    ]);
  }
  return ms;
}

/**
 * The sdk's tracked bet (instants as epoch milliseconds) of a bet the platform sent. Every field is
 * kept: a leg's null `freeBet` or `market` stays null, as the sdk's own bets have them.
 *
 * @throws MatchkitValidationError naming `placedAt` or `settledAt` when it is not a date-time, or
 *   `legs.N.role` when a leg's role is not one of the tracker's
 */
export function betFromWire(bet: WireTrackedBet): TrackedBet {
  return {
    id: bet.id,
    source: bet.source,
    profitType: bet.profitType,
    status: bet.status,
    event: bet.event,
    market: bet.market,
    selection: bet.selection,
    legs: bet.legs.map(leg),
    expectedProfit: bet.expectedProfit,
    placedAt: instant(bet.placedAt, 'placedAt'),
    settledAt: bet.settledAt === null ? null : instant(bet.settledAt, 'settledAt'),
    settledProfit: bet.settledProfit,
    note: bet.note,
  };
}

/** The platform's wire form of one of the sdk's tracked bets: instants as ISO 8601 in UTC (`...Z`). */
export function betToWire(bet: TrackedBet): WireTrackedBet {
  return {
    id: bet.id,
    source: bet.source,
    profitType: bet.profitType,
    status: bet.status,
    event: bet.event,
    market: bet.market,
    selection: bet.selection,
    legs: bet.legs.map(leg),
    expectedProfit: bet.expectedProfit,
    settledProfit: bet.settledProfit,
    placedAt: new Date(bet.placedAt).toISOString(),
    settledAt: bet.settledAt === null ? null : new Date(bet.settledAt).toISOString(),
    note: bet.note,
  };
}
