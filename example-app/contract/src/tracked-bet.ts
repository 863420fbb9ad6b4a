// A tracked bet on the wire and in the sdk: the one place the platform's GraphQL `TrackedBet`
// (instants as ISO 8601 strings) and the sdk tracker's `TrackedBet` (instants as epoch
// milliseconds) are mapped to each other. The server sends its bets through `betToWire`; the web
// app and the server's tests read them back with `betFromWire`. Money is integer pence on both
// sides and the legs have the same fields, so only the two instants change form, and a leg's role,
// a String on the wire (a GraphQL enum cannot spell free-bet), is checked on the way in.
import { MatchkitValidationError } from '@matchkit/sdk/errors';
import type { LegRole, TrackedBet, TrackedLeg } from '@matchkit/sdk/tracker';

/** A leg as the platform's GraphQL API sends it (the `TrackedLeg` type of the schema): the sdk's fields, the role a string. */
export type WireTrackedLeg = Omit<TrackedLeg, 'role'> & { readonly role: string };

/** The fields a tracked bet has in the same form on the wire and in the sdk: all but the legs and the two instants. */
type SameOnBothSides = Omit<TrackedBet, 'legs' | 'placedAt' | 'settledAt'>;

/** A tracked bet as the platform's GraphQL API sends it (the `TrackedBet` type of the schema): the sdk's fields, instants as text. */
export interface WireTrackedBet extends SameOnBothSides {
  /** The legs in the order placed: the wire's `TrackedLeg` has exactly the sdk's fields. */
  readonly legs: readonly WireTrackedLeg[];
  /** ISO 8601 with an offset. */
  readonly placedAt: string;
  /** ISO 8601 with an offset, or null while open. */
  readonly settledAt: string | null;
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

/**
 * The fields that keep their form, copied: exactly these, so that whatever else the object carries
 * (a client's `__typename`, a row's owner) is not passed on. A field added to the sdk's bet is a
 * type error here until it is copied.
 */
function sameOnBothSides(bet: SameOnBothSides): SameOnBothSides {
  const { id, source, profitType, status, event, market, selection, expectedProfit, settledProfit, note } = bet;
  return { id, source, profitType, status, event, market, selection, expectedProfit, settledProfit, note };
}

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
 * kept: a leg's null `freeBet` or `market` stays null, as the sdk's own bets have them. Nothing
 * else is: a field the schema does not have (a client's `__typename`) is left out.
 *
 * @throws MatchkitValidationError naming `placedAt` or `settledAt` when it is not a date-time, or
 *   `legs.N.role` when a leg's role is not one of the tracker's
 */
export function betFromWire(bet: WireTrackedBet): TrackedBet {
  return {
    ...sameOnBothSides(bet),
    legs: bet.legs.map(leg),
    placedAt: instant(bet.placedAt, 'placedAt'),
    settledAt: bet.settledAt === null ? null : instant(bet.settledAt, 'settledAt'),
  };
}

/** The platform's wire form of one of the sdk's tracked bets: instants as ISO 8601 in UTC (`...Z`). */
export function betToWire(bet: TrackedBet): WireTrackedBet {
  return {
    ...sameOnBothSides(bet),
    legs: bet.legs.map(leg),
    placedAt: new Date(bet.placedAt).toISOString(),
    settledAt: bet.settledAt === null ? null : new Date(bet.settledAt).toISOString(),
  };
}
