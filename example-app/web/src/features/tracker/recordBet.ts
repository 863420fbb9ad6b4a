// The manual bet form's two pieces of logic that are not layout: the profit a back and lay lock in
// (from the sdk: `backLayBet` when the member leaves the lay stake to the calculator, else the
// tracker's own settlement of both outcomes with the stakes as placed), and the server's BAD_INPUT
// issues (`legs.0.odds: must be greater than 1`) placed beside the fields they name.
import { backLayBet, settleBet, type TrackedLegInput } from '@matchkit/sdk/tracker';
import type { ResultConflict } from '@matchkit/sdk/errors';
import { isTransportError } from '@matchkit/sdk/transport';

/** A back leg at a bookmaker: odds decimal, stake in pence. */
export interface BackLeg {
  readonly odds: number;
  readonly stake: number;
}

/** A lay leg at an exchange: odds decimal, stake in pence (null: the calculator's), commission a fraction. */
export interface LayLeg {
  readonly odds: number;
  readonly stake: number | null;
  readonly commission: number;
}

/** The lay stake to record (pence) and the profit it locks in (pence, the worse outcome), or null when the sdk refuses the legs. */
export interface LockedIn {
  readonly layStake: number;
  readonly expectedProfit: number;
}

/**
 * What a matched back and lay lock in. With no lay stake given, the sdk's `backLayBet` picks it
 * (the calculator's lay stake, to the penny) and its expected profit. With a stake given (an
 * underlay or overlay), each outcome is settled by the sdk's `settleBet` with the stakes as placed
 * and the worse of the two is the expected profit, as `backLayBet` computes it.
 */
export function lockedIn(back: BackLeg, lay: LayLeg): LockedIn | null {
  try {
    if (lay.stake === null) {
      const bet = backLayBet({
        source: 'manual',
        event: '-',
        market: '-',
        selection: '-',
        bookmaker: '-',
        exchange: '-',
        placedAt: 0,
        calculation: { backStake: back.stake, backOdds: back.odds, layOdds: lay.odds, layCommission: lay.commission },
      });
      return { layStake: bet.legs[1]?.stake ?? 0, expectedProfit: bet.expectedProfit };
    }
    const legs: TrackedLegInput[] = [
      { role: 'qualifying', side: 'back', account: 'b', odds: back.odds, stake: back.stake, result: 'pending' },
      { role: 'qualifying', side: 'lay', account: 'x', odds: lay.odds, stake: lay.stake, commission: lay.commission, result: 'pending' },
    ];
    const open = {
      id: 'manual',
      source: 'manual',
      profitType: 'guaranteed',
      status: 'open',
      event: '-',
      market: '-',
      selection: '-',
      legs,
      expectedProfit: 0,
      placedAt: 0,
    } as const;
    const profit = (results: ['won', 'lost'] | ['lost', 'won']) => settleBet(open, { at: 0, results }).settledProfit ?? 0;
    return { layStake: lay.stake, expectedProfit: Math.min(profit(['won', 'lost']), profit(['lost', 'won'])) };
  } catch {
    return null;
  }
}

/** The form's fields the server's issue paths can name. */
export type RecordField =
  | 'event'
  | 'market'
  | 'selection'
  | 'note'
  | 'bookmaker'
  | 'backOdds'
  | 'backStake'
  | 'exchange'
  | 'layOdds'
  | 'layStake'
  | 'commission'
  | 'expected';

const PATHS: Readonly<Record<string, RecordField>> = {
  event: 'event',
  market: 'market',
  selection: 'selection',
  note: 'note',
  expectedProfit: 'expected',
  'legs.0.account': 'bookmaker',
  'legs.0.odds': 'backOdds',
  'legs.0.stake': 'backStake',
  'legs.1.account': 'exchange',
  'legs.1.odds': 'layOdds',
  'legs.1.stake': 'layStake',
  'legs.1.commission': 'commission',
};

/** The server's issues split into those beside a field and the rest (for one summary). */
export interface PlacedIssues {
  readonly fields: Partial<Record<RecordField, string>>;
  readonly rest: readonly string[];
}

const ISSUE = /^\s*-\s+(\S+): (.+)$/;

/** The first letter upper-cased and a full stop at the end, as the form's own messages read. */
function sentence(message: string): string {
  const m = message.trim();
  return `${m.charAt(0).toUpperCase()}${m.slice(1)}${/[.!?]$/.test(m) ? '' : '.'}`;
}

/** One of the server's structured issues: the sdk's path and message, and which legs conflict, when that is the issue. */
export interface ServerIssue {
  readonly path: string;
  readonly message: string;
  readonly conflict?: ResultConflict;
}

const isIndex = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/** The sdk's ResultConflict read from JSON, or undefined when absent or malformed. */
function readConflict(value: unknown): ResultConflict | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { back, lays, result } = value as Record<string, unknown>;
  if (!isIndex(back) || !Array.isArray(lays) || lays.length === 0 || !lays.every(isIndex)) return undefined;
  return result === 'won' || result === 'lost' ? { back, lays, result } : undefined;
}

/** The server's structured issues (`extensions.issues`, `{ path, message, conflict? }` each), or null when absent, empty or malformed. */
export function readIssues(value: unknown): ServerIssue[] | null {
  if (!Array.isArray(value)) return null;
  const issues: ServerIssue[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { path, message, conflict } = item as Record<string, unknown>;
    if (typeof path !== 'string' || typeof message !== 'string') return null;
    const read = readConflict(conflict);
    issues.push(read === undefined ? { path, message } : { path, message, conflict: read });
  }
  return issues.length === 0 ? null : issues;
}

/**
 * Places a failed RecordBet's BAD_INPUT issues: the server's `extensions.issues` when it sends
 * them (it does, since the tracker module's validation lists them); else the sdk's message lists one issue a line
 * (`  - legs.0.odds: must be greater than 1`, docs/server-tracker.md); a one-field refusal reads
 * `event: must not contain …`. Paths of the form's fields go beside them; anything else (another
 * error, an unknown path) stays in `rest`. Null when the error is not BAD_INPUT.
 */
export function placeIssues(error: unknown): PlacedIssues | null {
  if (!isTransportError(error) || error.kind !== 'graphql') return null;
  const first = error.graphQLErrors[0];
  if (first?.extensions?.['code'] !== 'BAD_INPUT' || typeof first.message !== 'string') return null;
  const fields: Partial<Record<RecordField, string>> = {};
  const rest: string[] = [];
  const structured = readIssues(first.extensions['issues']);
  const lines = structured === null ? first.message.split('\n') : [];
  const issues =
    structured ??
    lines.flatMap((line) => {
      const m = ISSUE.exec(line);
      return m === null ? [] : [{ path: m[1] ?? '', message: m[2] ?? '' }];
    });
  if (issues.length === 0 && structured === null) {
    const single = /^([\w.]+): (.+)$/s.exec(first.message);
    if (single === null) return { fields, rest: [first.message] };
    issues.push({ path: single[1] ?? '', message: single[2] ?? '' });
  }
  for (const { path, message } of issues) {
    const field = PATHS[path];
    if (field === undefined) rest.push(`${path}: ${message}`);
    else fields[field] = fields[field] === undefined ? sentence(message) : `${fields[field]} ${sentence(message)}`;
  }
  return { fields, rest };
}
