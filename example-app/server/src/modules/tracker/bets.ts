// The tracked-bet service: every write validates or computes with @matchkit/sdk/tracker (parseBet,
// settleBet, voidBet, importBetsCsvInPart) and stores exactly what the sdk returned. Functions take the
// database first; the resolvers publish the changes after these return (after the commit).
//
// Concurrency. A settlement or a void is a read-modify-write of one row: read the bet, let the sdk
// work out its new state, write it back. Two of them at once (a settlement from one device and a
// void from another, or a settlement racing an import of the same id) must not both read the old
// row, or the later write silently drops the earlier one. Each runs in a transaction that reads the
// row with SELECT ... FOR UPDATE: on PostgreSQL the second waits for the first to commit and then
// reads the committed row (READ COMMITTED re-reads a locked row), so it builds on the first's result
// (or is refused by the sdk: a void bet cannot be settled). We chose the lock over an optimistic
// updated_at/version check because a conflict then needs no retry loop and no "try again" error for
// the member, and the lock is held for one primary-key row for the few milliseconds the sdk takes.
// PGlite runs one transaction at a time, which gives the same guarantee there. Inserts (recordBet)
// need no lock: each gets a fresh random id, so concurrent ones cannot collide; the import upserts
// by id in one transaction, row locks again serialising it with a concurrent settlement.
import {
  importBetsCsvInPart,
  type CsvImport,
  parseBet,
  settleBet,
  voidBet,
  type LegResult,
  type TrackedBet,
  type TrackedBetInput,
  type TrackedLegInput,
} from '@matchkit/sdk/tracker';
import type { Brand } from '@matchkit/sdk/brands';
import { isValidationError } from '@matchkit/sdk/errors';
import type { Db } from '../../db/client';
import type { ChangeKind, RecordBetInput, TrackedLegInput as GqlTrackedLegInput } from '../../generated/resolvers';
import { newId } from '../../ids';
import { deleteBet, insertBet, lockBet, updateBet, upsertBets } from './queries';
import { betNotFound, refuseNul, validated } from './validation';

/** The sdk's leg input of a GraphQL leg: a null optional field is left out (the sdk's default applies). */
function legInput(leg: GqlTrackedLegInput): TrackedLegInput {
  return {
    role: leg.role as TrackedLegInput['role'],
    side: leg.side,
    account: leg.account,
    odds: leg.odds,
    stake: leg.stake,
    result: leg.result,
    ...(leg.commission === undefined || leg.commission === null ? {} : { commission: leg.commission }),
    ...(leg.freeBet === undefined || leg.freeBet === null ? {} : { freeBet: leg.freeBet }),
    ...(leg.market === undefined || leg.market === null ? {} : { market: leg.market }),
  };
}

/**
 * Records a new open bet: the server assigns the id, the sdk's parseBet validates every field
 * (including that the source is one of the brand's tracker sources or `manual`).
 */
export async function recordBet(db: Db, brand: Brand, userId: string, args: RecordBetInput, now: Date): Promise<TrackedBet> {
  const input: TrackedBetInput = {
    id: newId('bet'),
    source: args.source,
    profitType: args.profitType,
    status: 'open',
    event: args.event,
    market: args.market,
    selection: args.selection,
    legs: (args.legs ?? []).map(legInput),
    expectedProfit: args.expectedProfit,
    placedAt: args.placedAt,
    ...(args.note === undefined || args.note === null ? {} : { note: args.note }),
  };
  const bet = validated(() => parseBet(brand, input));
  refuseNul(bet);
  await insertBet(db, userId, bet, now);
  return bet;
}

/** The sdk's option paths as the GraphQL input names them. */
const renameOptions = (at: 'settledAt' | 'voidedAt') => (path: string) =>
  path === 'options.at' ? at : path.startsWith('options.results') ? path.slice('options.'.length) : path;

/**
 * Reads one of the member's bets under a row lock (SELECT ... FOR UPDATE), lets `change` work out
 * its new state, and writes that back, all in one transaction: a concurrent change of the same bet
 * waits for this one to commit and then starts from its result. NOT_FOUND when the member has no
 * such bet; an error thrown by `change` rolls everything back.
 */
export async function changeStoredBet(
  db: Db,
  userId: string,
  id: string,
  change: (current: TrackedBet) => TrackedBet | Promise<TrackedBet>,
  now: Date,
): Promise<TrackedBet> {
  return db.transaction(async (tx) => {
    const current = await lockBet(tx, userId, id);
    if (current === null) throw betNotFound();
    const next = await change(current);
    await updateBet(tx, userId, next, now);
    return next;
  });
}

/** Settles one of the member's bets with the sdk's settleBet (settledProfit computed there). */
export async function settleStoredBet(
  db: Db,
  userId: string,
  id: string,
  options: { at: Date; results?: readonly LegResult[] | null },
  now: Date,
): Promise<TrackedBet> {
  const results = options.results === undefined || options.results === null ? {} : { results: [...options.results] };
  return changeStoredBet(
    db,
    userId,
    id,
    (current) => validated(() => settleBet(current, { at: options.at, ...results }), renameOptions('settledAt')),
    now,
  );
}

/** Voids one of the member's bets with the sdk's voidBet. */
export async function voidStoredBet(db: Db, userId: string, id: string, at: Date, now: Date): Promise<TrackedBet> {
  return changeStoredBet(db, userId, id, (current) => validated(() => voidBet(current, { at }), renameOptions('voidedAt')), now);
}

/** Deletes one of the member's bets; NOT_FOUND when they have none with this id. */
export async function deleteStoredBet(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteBet(db, userId, id))) throw betNotFound();
}

/** One bad value of an import, as ImportError. */
export interface ImportProblem {
  readonly line: number;
  readonly column: string | null;
  readonly message: string;
}

/**
 * The outcome of an import: what was written and the bets refused (their problems), or, when the
 * file cannot be read, every problem (and nothing written).
 */
export type ImportOutcome =
  | { readonly ok: true; readonly changes: readonly { id: string; change: ChangeKind }[]; readonly refused: readonly ImportProblem[] }
  | { readonly ok: false; readonly errors: readonly ImportProblem[] };

/** An importBetsCsv issue path (`line 3.odds`, `line 4`) as a line and a column. */
export function importProblem(issue: { path: string; message: string }): ImportProblem {
  const m = /^line (\d+)(?:\.(.+))?$/.exec(issue.path);
  if (m === null) return { line: 1, column: null, message: issue.path === '' ? issue.message : `${issue.path}: ${issue.message}` };
  return { line: Number(m[1]), column: m[2] ?? null, message: issue.message };
}

/**
 * Imports the tracker's CSV bet by bet: the sdk's importBetsCsvInPart reads and validates every row
 * first. A file it cannot read (a bad header, broken quoting, a row with the wrong number of
 * fields) writes nothing and returns every problem. Otherwise the good bets are written in ONE
 * transaction, by id, replacing a stored bet with the same id (so the same file imported twice
 * leaves the same bets), and the bets refused (a bad value, results that cannot happen together,
 * such as a bet stored before that rule) are returned with their problems, by line and column.
 */
export async function importCsv(db: Db, brand: Brand, userId: string, csv: string, now: Date): Promise<ImportOutcome> {
  const nul = csv.indexOf('\u0000');
  if (nul >= 0) {
    const line = csv.slice(0, nul).split('\n').length;
    return { ok: false, errors: [{ line, column: null, message: 'contains the NUL character (U+0000), which cannot be stored' }] };
  }
  let read: CsvImport;
  try {
    read = importBetsCsvInPart(brand, csv);
  } catch (error) {
    if (isValidationError(error)) return { ok: false, errors: error.issues.map(importProblem) };
    throw error;
  }
  const written = read.bets.length === 0 ? [] : await db.transaction((tx) => upsertBets(tx, userId, read.bets, now));
  return {
    ok: true,
    changes: written.map((w) => ({ id: w.id, change: w.created ? 'created' : 'updated' })),
    refused: read.refused.flatMap((r) => r.issues.map(importProblem)),
  };
}
