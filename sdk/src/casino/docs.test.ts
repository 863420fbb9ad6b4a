// The worked examples of docs/guides/casino.md are tests. Every fenced `json example` block names
// an exported function of @matchkit/sdk/casino, its arguments and the expected result (or the
// issues of the validation error it throws, or the methods to call on what it returns, such as
// `next` on a generator); { "$random": [u1, u2, ...] } in the arguments is a random source that
// returns those 32-bit numbers in turn. The page's table of reference paytables and the seeded
// columns of its table of figures are checked too. The format is described on the page itself
// ("The worked examples are tests").
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValidationError } from '@matchkit/sdk/errors';
import * as casino from '@matchkit/sdk/casino';
import { REFERENCE_PAYTABLES, referenceSlot, simulateWageringSync, type ReferenceSlotProfile } from '@matchkit/sdk/casino';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Issue {
  readonly path: string;
  readonly message: string;
}

interface Step {
  readonly call: string;
  readonly args?: readonly Json[];
  readonly expect?: Json;
  readonly throws?: readonly Issue[];
}

interface Example extends Step {
  readonly name: string;
  readonly steps?: readonly Step[];
  /** Absolute tolerance: one for every number of the block, or by field name. */
  readonly tolerance?: number | Readonly<Record<string, number>>;
}

const PAGE = 'docs/guides/casino.md';
const page = readFileSync(new URL(`../../../${PAGE}`, import.meta.url), 'utf8');

interface Block {
  readonly line: number;
  readonly info: string;
  readonly body: string;
}

// Every ```json fence of the page (fences start at the beginning of a line).
const blocks: Block[] = [...page.matchAll(/^```json([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm)].map((m) => ({
  line: page.slice(0, m.index).split('\n').length,
  info: (m[1] as string).trim(),
  body: m[2] as string,
}));

const parseFailures: string[] = [];
const examples: { readonly line: number; readonly example: Example }[] = [];
for (const block of blocks) {
  try {
    const value = JSON.parse(block.body) as unknown;
    if (block.info === 'example') examples.push({ line: block.line, example: value as Example });
  } catch (e) {
    parseFailures.push(`${PAGE}:${block.line}: ${(e as Error).message}`);
  }
}

/** The arguments with every { "$random": [...] } replaced by a source returning those numbers. */
function resolve(value: Json): unknown {
  if (Array.isArray(value)) return value.map(resolve);
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === '$random') {
      const draws = [...(value.$random as number[])];
      return {
        nextUint32: () => {
          const u = draws.shift();
          if (u === undefined) throw new Error('the example’s random source has no numbers left');
          return u;
        },
      };
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
  }
  return value;
}

/** How many decimals a number is written with (1e-7 has 7; 0.2237 has 4; 3 has 0). */
function decimalsOf(x: number): number {
  const [mantissa = '', exponent = '0'] = String(x).toLowerCase().split('e');
  return Math.max(0, (mantissa.split('.')[1] ?? '').length - Number(exponent));
}

/** Whether `actual` is within the decimals `written` has (half a unit of the last), plus 1e-12 relative. */
function toDecimals(actual: number, written: number, bound?: number): { ok: boolean; gap: number; bound: number } {
  const b = bound ?? 0.5 * 10 ** -decimalsOf(written) + 1e-12 * Math.abs(written);
  const gap = Math.abs(actual - written);
  return { ok: gap <= b, gap, bound: b };
}

type Tolerance = Example['tolerance'];

/** Checks `actual` against `expected`: numbers to the decimals written (or the stated tolerance). */
function matches(actual: unknown, expected: Json, where: string, key: string, tolerance: Tolerance): void {
  if (typeof expected === 'number') {
    expect(typeof actual, where).toBe('number');
    const r = toDecimals(actual as number, expected, typeof tolerance === 'number' ? tolerance : tolerance?.[key]);
    expect(r.gap, `${where}: ${String(actual)} vs ${expected}`).toBeLessThanOrEqual(r.bound);
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual), `${where} is a list`).toBe(true);
    expect((actual as unknown[]).length, `${where}.length`).toBe(expected.length);
    expected.forEach((e, i) => matches((actual as unknown[])[i], e, `${where}[${i}]`, key, tolerance));
  } else if (expected !== null && typeof expected === 'object') {
    expect(typeof actual === 'object' && actual !== null, `${where} is an object`).toBe(true);
    for (const [k, e] of Object.entries(expected)) matches((actual as Record<string, unknown>)[k], e, `${where}.${k}`, k, tolerance);
  } else {
    expect(actual, where).toBe(expected);
  }
}

interface Outcome {
  readonly value?: unknown;
  readonly error?: unknown;
  readonly threw: boolean;
}

async function outcome(run: () => unknown): Promise<Outcome> {
  try {
    return { value: await run(), threw: false };
  } catch (error) {
    return { error, threw: true };
  }
}

function check(step: Step, result: Outcome, where: string, tolerance: Tolerance): void {
  if (step.throws !== undefined) {
    expect(result.threw, `${where} throws`).toBe(true);
    expect(isValidationError(result.error), `${where} throws a MatchkitValidationError`).toBe(true);
    expect((result.error as { issues: unknown }).issues, where).toEqual(step.throws);
    return;
  }
  if (result.threw) throw result.error;
  if (step.expect !== undefined) matches(result.value, step.expect, where, '', tolerance);
}

const exported = casino as unknown as Record<string, unknown>;
const functions = Object.keys(exported).filter((name) => typeof exported[name] === 'function');

describe(`the worked examples of ${PAGE}`, () => {
  it('every json block parses and is an example', () => {
    expect(parseFailures).toEqual([]);
    expect(blocks.filter((b) => b.info !== 'example').map((b) => `${PAGE}:${b.line}: ${b.info}`)).toEqual([]);
    expect(examples.length).toBeGreaterThan(0);
  });

  it('every exported function has a worked example, and every example calls one', () => {
    expect(new Set(examples.map((e) => e.example.call))).toEqual(new Set(functions));
  });

  for (const { line, example } of examples) {
    it(`${example.call}: ${example.name} (line ${line})`, async () => {
      const fn = exported[example.call];
      expect(typeof fn, `${example.call} is an exported function`).toBe('function');
      const args = resolve((example.args ?? []) as Json) as unknown[];
      const first = await outcome(() => (fn as (...a: unknown[]) => unknown)(...args));
      check(example, first, example.call, example.tolerance);
      for (const [i, step] of (example.steps ?? []).entries()) {
        const target = first.value as Record<string, unknown>;
        const method = target[step.call];
        expect(typeof method, `${example.call} result has a method ${step.call}`).toBe('function');
        const stepArgs = resolve((step.args ?? []) as Json) as unknown[];
        const result = await outcome(() => (method as (...a: unknown[]) => unknown).apply(target, stepArgs));
        check(step, result, `${example.call} step ${i + 1} (${step.call})`, example.tolerance);
      }
    });
  }
});

/** The lines of the markdown table whose header row starts with `header`, split into cells. */
function table(header: string): string[][] {
  const start = page.indexOf(`\n${header}`);
  expect(start, `a table headed ${header}`).toBeGreaterThan(0);
  const lines = page.slice(start + 1).split('\n');
  const end = lines.findIndex((l) => !l.startsWith('|'));
  return lines.slice(2, end).map((l) => l.slice(1, -1).split('|').map((c) => c.trim()));
}

const PROFILES: readonly ReferenceSlotProfile[] = ['low', 'medium', 'high'];
const number = (cell: string) => Number(cell.replaceAll(',', '').replace(/%$/, ''));

describe(`the reference paytables of ${PAGE}`, () => {
  const rows = table('| multiplier | low | medium | high |');
  const label = (r: string[]) => (r[0] as string).replaceAll('*', '');
  const paytable = rows.filter((r) => /^[\d.]+$/.test(r[0] as string));

  it('are REFERENCE_PAYTABLES: every multiplier and weight (probability × 1,000,000), in order', () => {
    PROFILES.forEach((profile, column) => {
      const fromPage = paytable
        .filter((r) => (r[column + 1] as string) !== '')
        .map((r) => ({ multiplier: number(r[0] as string), probability: number(r[column + 1] as string) / 1_000_000 }));
      const fromCode = REFERENCE_PAYTABLES[profile].outcomes.map((o) => ({ multiplier: o.multiplier, probability: o.probability }));
      expect(fromCode, profile).toEqual(fromPage);
    });
  });

  it('the weights add up to 1,000,000, the Σ row is their sum times the multipliers, an RTP of 96%', () => {
    const sums = rows.find((r) => label(r) === 'Σ weight × multiplier');
    PROFILES.forEach((profile, column) => {
      const weights = paytable.map((r) => ((r[column + 1] as string) === '' ? 0 : number(r[column + 1] as string)));
      expect(weights.reduce((t, w) => t + w, 0), profile).toBe(1_000_000);
      // Multipliers times 2 are whole numbers, so the sum is exact in integers.
      const sum = paytable.reduce((t, r, i) => t + number(r[0] as string) * 2 * (weights[i] as number), 0) / 2;
      expect(sum, profile).toBe(number(sums?.[column + 1] as string));
      expect(sum, profile).toBe(960_000);
    });
  });

  it('the volatility and hit-rate rows are referenceSlot’s, to the decimals shown', () => {
    const volatility = rows.find((r) => label(r) === 'volatility');
    const hitRate = rows.find((r) => label(r) === 'hit rate');
    PROFILES.forEach((profile, column) => {
      const slot = referenceSlot(profile);
      const v = toDecimals(slot.volatility, number(volatility?.[column + 1] as string));
      const h = toDecimals(100 * slot.hitRate, number(hitRate?.[column + 1] as string));
      expect(v.ok, `${profile} volatility ${slot.volatility}`).toBe(true);
      expect(h.ok, `${profile} hit rate ${slot.hitRate}`).toBe(true);
    });
  });
});

describe(`the table of figures of ${PAGE}`, () => {
  it('its seeded columns are the simulation’s, to the decimals shown, and obey Wald’s identity', () => {
    const rows = table('| slot | time | ns per spin | P(finish) | mean final balance | closed form |');
    expect(rows.map((r) => r[0])).toEqual(PROFILES);
    for (const r of rows) {
      const profile = r[0] as ReferenceSlotProfile;
      const [p, pError] = (r[3] as string).split('±').map((s) => number(s.trim()));
      const [mean, meanError] = (r[4] as string).split('±').map((s) => number(s.trim().replace('£', '')));
      const closed = number((r[5] as string).replace('£', ''));
      const result = simulateWageringSync(
        { deposit: 5000, bonus: 5000, wageringMultiple: 35, stake: 100, slot: profile },
        { runs: 20_000, seed: 2025 },
      );
      const figures: [string, number, number][] = [
        ['P(finish) %', 100 * result.finishProbability, p as number],
        ['its standard error', 100 * result.finishProbabilityStandardError, pError as number],
        ['mean final balance £', result.meanFinalBalance / 100, mean as number],
        ['its standard error', result.meanFinalBalanceStandardError / 100, meanError as number],
        ['closed form £', result.expectation.expectedFinalBalance / 100, closed],
      ];
      for (const [what, actual, written] of figures) {
        expect(toDecimals(actual, written).ok, `${profile}: ${what} ${actual} vs ${written}`).toBe(true);
      }
      // An independent check of the seeded figures: Wald's identity, E[final] = deposit + bonus −
      // (1 − RTP) × E[wagered], on the runs' own mean wagered, within 4 standard errors of the mean.
      const wald = 10_000 - (1 - result.expectation.rtp) * result.meanWagered;
      expect(Math.abs(result.meanFinalBalance - wald), `${profile}: Wald's identity`).toBeLessThanOrEqual(4 * result.meanFinalBalanceStandardError);
    }
  });
});
