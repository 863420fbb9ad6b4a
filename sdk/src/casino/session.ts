import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { pounds } from '../internal/money';
import { deepFreeze } from '../internal/validate';
import type { NewTrackedBet } from '../tracker/fromBackLay';
import type { TrackedLegInput } from '../tracker/model';
import { checkSeed, prngFor } from './prng';
import { resolveSlot, spin, type PaytableOutcome, type Slot, type SlotInput } from './slot';

/**
 * How a slot training session starts: the slot, the play balance and the seed.
 *
 * @example
 * ```ts
 * import type { SlotSessionInput } from '@matchkit/sdk/casino';
 * // £100 of play money on the medium reference slot, seed 7
 * const input: SlotSessionInput = { slot: 'medium', balancePence: 10_000, seed: 7 };
 * ```
 */
export interface SlotSessionInput {
  /** The slot played: a reference profile, a paytable or an RTP and volatility. */
  readonly slot: SlotInput;
  /** The play balance to start with, in pence (a whole number from 1 to 1e11). */
  readonly balancePence: number;
  /** The seed: an unsigned 32-bit integer. The same seed and stakes give the same spins. */
  readonly seed: number;
}

/**
 * One spin of a {@link SlotSession}.
 *
 * @example
 * ```ts
 * import type { SlotSpin } from '@matchkit/sdk/casino';
 * const won = (s: SlotSpin) => s.returnedPence > s.stakePence;
 * ```
 */
export interface SlotSpin {
  /** Which spin of the session, from 0. */
  readonly index: number;
  /** What was staked, in pence. */
  readonly stakePence: number;
  /** The paytable outcome the spin landed on. */
  readonly outcome: PaytableOutcome;
  /**
   * What the spin paid back, in whole pence: stake × multiplier, rounded down to the penny (a
   * product within a relative 1e-12 of a whole number is that number).
   */
  readonly returnedPence: number;
}

/**
 * A slot training session: a play balance, the spins so far and their totals. Plain frozen data
 * (it can be kept in React state, stored and restored); {@link playSlotSpin} returns the next one.
 *
 * @example
 * ```ts
 * import { startSlotSession, type SlotSession } from '@matchkit/sdk/casino';
 * const session: SlotSession = startSlotSession({ slot: 'low', balancePence: 5000, seed: 1 });
 * session.balancePence; // 5000
 * session.spins; // 0
 * ```
 */
export interface SlotSession {
  /** The slot played. */
  readonly slot: Slot;
  /** The seed: spin n draws one number from stream n of it. */
  readonly seed: number;
  /** The play balance the session started with, in pence. */
  readonly startBalancePence: number;
  /** The play balance now, in pence. */
  readonly balancePence: number;
  /** Spins played. */
  readonly spins: number;
  /** Total staked, in pence. */
  readonly stakedPence: number;
  /** Total paid back, in pence. */
  readonly returnedPence: number;
  /** The last spin, or null before the first. */
  readonly lastSpin: SlotSpin | null;
}

/** The largest play balance, in pence: the tracker's own limit (£1bn). */
const MAX_BALANCE = 1e11;

const wholePence = (x: unknown, min: number, max: number): boolean => typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

function slotOf(input: unknown, issues: ValidationIssue[], path = 'slot'): Slot | undefined {
  const slot = resolveSlot(input, path);
  if (Array.isArray(slot)) {
    issues.push(...slot);
    return undefined;
  }
  return slot;
}

/**
 * Starts a slot training session: the slot resolved (a reference profile name, a paytable or a
 * design of RTP and volatility), the play balance, no spins yet.
 *
 * @throws MatchkitValidationError naming `slot` (and its fields), `balancePence` and `seed`
 *
 * @example
 * ```ts
 * import { startSlotSession } from '@matchkit/sdk/casino';
 * const session = startSlotSession({ slot: 'medium', balancePence: 10_000, seed: 7 });
 * session.slot.rtp; // 0.96
 * session.balancePence; // 10000
 * ```
 */
export function startSlotSession(input: SlotSessionInput): SlotSession {
  const issues: ValidationIssue[] = [];
  const fields = (typeof input === 'object' && input !== null ? input : {}) as Partial<Record<keyof SlotSessionInput, unknown>>;
  const slot = slotOf(fields.slot, issues);
  if (!wholePence(fields.balancePence, 1, MAX_BALANCE)) {
    issues.push({ path: 'balancePence', message: `must be an amount from ${pounds(1)} to ${pounds(MAX_BALANCE)}, to the penny` });
  }
  try {
    checkSeed(fields.seed, 0);
  } catch (error) {
    if (!(error instanceof MatchkitValidationError)) throw error;
    issues.push(...error.issues.filter((i) => i.path === 'seed'));
  }
  if (issues.length > 0 || slot === undefined) throw new MatchkitValidationError('slot session', issues);
  const balance = fields.balancePence as number;
  return deepFreeze({
    slot,
    seed: fields.seed as number,
    startBalancePence: balance,
    balancePence: balance,
    spins: 0,
    stakedPence: 0,
    returnedPence: 0,
    lastSpin: null,
  });
}

/** stake × multiplier in whole pence, rounded down, ignoring float noise (2.3 × 100 is 230). */
function payout(stake: number, multiplier: number): number {
  const product = stake * multiplier;
  const nearest = Math.round(product);
  return Math.abs(product - nearest) <= product * 1e-12 ? nearest : Math.floor(product);
}

/**
 * Plays one spin of a session at `stakePence` and returns the session after it (the one given is
 * not changed). Spin n of the session draws one number from stream n of its seed, the way
 * {@link spin} picks an outcome, so a session is reproducible from its seed and stakes, whatever
 * the order in which sessions are played. The spin pays stake × multiplier rounded down to the
 * penny.
 *
 * @param session - a session from {@link startSlotSession} or an earlier `playSlotSpin` (its
 * `slot` may also be given as a profile name, paytable or design)
 * @param stakePence - the stake, in whole pence, from 1 to the session's balance
 * @throws MatchkitValidationError naming `stakePence` (too large for the balance, or not whole
 * pence) or the session's bad fields
 *
 * @example
 * ```ts
 * import { playSlotSpin, startSlotSession } from '@matchkit/sdk/casino';
 * let session = startSlotSession({ slot: 'medium', balancePence: 10_000, seed: 7 });
 * session = playSlotSpin(session, 100); // £1 a spin
 * session.spins; // 1
 * session.balancePence === 10_000 - 100 + (session.lastSpin?.returnedPence ?? 0); // true
 * ```
 */
export function playSlotSpin(session: SlotSession, stakePence: number): SlotSession {
  const issues: ValidationIssue[] = [];
  const s = (typeof session === 'object' && session !== null ? session : {}) as Partial<Record<keyof SlotSession, unknown>>;
  const slot = slotOf(s.slot, issues);
  for (const key of ['startBalancePence', 'balancePence', 'stakedPence', 'returnedPence', 'spins'] as const) {
    if (!wholePence(s[key], 0, Number.MAX_SAFE_INTEGER)) issues.push({ path: key, message: 'must be a whole number of at least 0' });
  }
  try {
    checkSeed(s.seed, 0);
  } catch (error) {
    if (!(error instanceof MatchkitValidationError)) throw error;
    issues.push(...error.issues.filter((i) => i.path === 'seed'));
  }
  const balance = s.balancePence as number;
  if (!wholePence(stakePence, 1, Number.MAX_SAFE_INTEGER)) {
    issues.push({ path: 'stakePence', message: `must be an amount of at least ${pounds(1)}, to the penny` });
  } else if (issues.length === 0 && stakePence > balance) {
    issues.push({ path: 'stakePence', message: `must be at most the balance (${pounds(balance)})` });
  }
  if (issues.length > 0 || slot === undefined) throw new MatchkitValidationError('slot spin', issues);
  const index = s.spins as number;
  const outcome = spin(slot, prngFor(s.seed as number, index));
  const returned = payout(stakePence, outcome.multiplier);
  return deepFreeze({
    slot,
    seed: s.seed as number,
    startBalancePence: s.startBalancePence as number,
    balancePence: balance - stakePence + returned,
    spins: index + 1,
    stakedPence: (s.stakedPence as number) + stakePence,
    returnedPence: (s.returnedPence as number) + returned,
    lastSpin: { index, stakePence, outcome, returnedPence: returned },
  });
}

/**
 * Where and when a training session is recorded (see {@link slotSessionBet}).
 *
 * @example
 * ```ts
 * import type { SlotSessionBetOptions } from '@matchkit/sdk/casino';
 * const options: SlotSessionBetOptions = { placedAt: '2025-08-16T12:00:00Z' };
 * ```
 */
export interface SlotSessionBetOptions {
  /** When the session was played: an ISO 8601 instant or epoch milliseconds. */
  readonly placedAt: string | number;
  /**
   * The tracker source (the catalogue's `profitTrackerSource` of the slots tool).
   * @defaultValue `'casino'`
   */
  readonly source?: string;
  /**
   * The account the leg is recorded at.
   * @defaultValue `'slots-training'`
   */
  readonly account?: string;
  /** A note. @defaultValue none */
  readonly note?: string;
}

/**
 * The profit-tracker record of a slot training session, profit type `training` (kept apart from
 * guaranteed profit in the tracker's totals), source `casino` by default: `recordBet`'s input,
 * with every leg's result known, so that settling it at once (`settleBet` with the results recorded
 * on the legs) gives the session's profit, returned − staked, which is also its `expectedProfit`.
 * Its back stakes add up to what the session staked, so the tracker's "Staked" counts the real
 * stake. A tracked bet is made of legs at decimal odds, so the session is written as:
 * - a session that ended up: one back leg of the staked amount, `won` at the odds the session
 *   paid, returned ÷ staked (£11 staked, £50 back: 1100p at 50/11);
 * - a session that ended level or down: a back leg of the part of the stakes lost, `lost`, and a
 *   back leg of the part that came back, `void` (a void leg returns its stake), each at odds 2,
 *   which a lost or void leg does not use (£11 staked, £3 back: 800p lost and 300p void).
 *
 * The event names the slot, the selection the spins, the total staked and the total returned.
 *
 * @throws MatchkitValidationError naming `session` when no spin was played, or `placedAt`
 *
 * @example
 * ```ts
 * import { playSlotSpin, slotSessionBet, startSlotSession } from '@matchkit/sdk/casino';
 * let session = startSlotSession({ slot: 'low', balancePence: 5000, seed: 3 });
 * for (let n = 0; n < 20; n++) session = playSlotSpin(session, 50);
 * const bet = slotSessionBet(session, { placedAt: '2025-08-16T12:00:00Z' });
 * bet.profitType; // 'training'
 * bet.expectedProfit === session.returnedPence - session.stakedPence; // true
 * bet.legs.reduce((sum, leg) => sum + leg.stake, 0) === session.stakedPence; // true
 * ```
 */
export function slotSessionBet(session: SlotSession, options: SlotSessionBetOptions): NewTrackedBet {
  const issues: ValidationIssue[] = [];
  const given = typeof session === 'object' && session !== null ? session : undefined;
  const spins = given?.spins;
  if (typeof spins !== 'number' || !Number.isInteger(spins) || spins < 1) {
    issues.push({ path: 'session', message: 'must have at least one spin to record' });
  }
  const slot = given === undefined ? undefined : slotOf(given.slot, issues, 'session.slot');
  for (const key of ['stakedPence', 'returnedPence'] as const) {
    if (given !== undefined && !wholePence(given[key], 0, Number.MAX_SAFE_INTEGER)) {
      issues.push({ path: `session.${key}`, message: 'must be a whole number of at least 0' });
    }
  }
  const placed = typeof options.placedAt === 'number' ? options.placedAt : Date.parse(options.placedAt);
  if (!Number.isFinite(placed) || Math.abs(placed) > 8.64e15)
    issues.push({ path: 'placedAt', message: 'must be an ISO 8601 instant or epoch milliseconds' });
  if (issues.length > 0 || slot === undefined) throw new MatchkitValidationError('slot session bet', issues);
  const profit = session.returnedPence - session.stakedPence;
  const name = slot.name ?? `slot (RTP ${Number((slot.rtp * 100).toFixed(2))}%)`;
  const staked = session.stakedPence;
  const returned = session.returnedPence;
  const account = options.account ?? 'slots-training';
  const leg = (stake: number, odds: number, result: 'won' | 'lost' | 'void'): TrackedLegInput => ({
    role: 'qualifying',
    side: 'back',
    account,
    odds,
    stake,
    result,
  });
  const legs =
    returned > staked
      ? [leg(staked, returned / staked, 'won')]
      : [leg(staked - returned, 2, 'lost'), ...(returned > 0 ? [leg(returned, 2, 'void')] : [])];
  return {
    source: options.source ?? 'casino',
    profitType: 'training',
    event: `Slots training: ${name}`,
    market: 'Slots training session',
    selection: `${session.spins} ${session.spins === 1 ? 'spin' : 'spins'}, ${pounds(staked)} staked, ${pounds(returned)} returned`,
    legs,
    expectedProfit: profit,
    placedAt: new Date(placed).toISOString(),
    ...(options.note === undefined || options.note === '' ? {} : { note: options.note }),
  };
}
