// The worked examples of docs/guides/matching.md are tests. Every fenced `json example` block
// names an exported function of @matchkit/sdk/matching, its arguments and the expected result
// (or the issues of the validation error it throws, or the methods to call on what it returns);
// `json fixture NAME` blocks hold the sample feeds the examples refer to as { "$fixture": NAME }.
// This file runs them all, so a wrong figure on the page fails the build. The format is described
// on the page itself ("The worked examples are tests").
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValidationError } from '@matchkit/sdk/errors';
import * as matching from '@matchkit/sdk/matching';
import { finderTools } from '@matchkit/sdk/matching';

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

const PAGE = 'docs/guides/matching.md';
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
const fixtures = new Map<string, Json>();
const examples: { readonly line: number; readonly example: Example }[] = [];
for (const block of blocks) {
  let value: Json;
  try {
    value = JSON.parse(block.body) as Json;
  } catch (e) {
    parseFailures.push(`${PAGE}:${block.line}: ${(e as Error).message}`);
    continue;
  }
  const fixture = /^fixture ([a-z0-9-]+)$/.exec(block.info);
  if (block.info === 'example') examples.push({ line: block.line, example: value as unknown as Example });
  else if (fixture !== null) fixtures.set(fixture[1] as string, value);
}

const used = new Set<string>();

/** The arguments with every { "$fixture": name } replaced by a fresh copy of that fixture. */
function resolve(value: Json): unknown {
  if (Array.isArray(value)) return value.map(resolve);
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === '$fixture') {
      const name = value.$fixture as string;
      const fixture = fixtures.get(name);
      if (fixture === undefined) throw new Error(`no json fixture named ${name} on the page`);
      used.add(name);
      return resolve(fixture);
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
  }
  return value;
}

/** How many decimals a number is written with (1e-7 has 7; 92.4528 has 4; 3 has 0). */
function decimalsOf(x: number): number {
  const [mantissa = '', exponent = '0'] = String(x).toLowerCase().split('e');
  return Math.max(0, (mantissa.split('.')[1] ?? '').length - Number(exponent));
}

type Tolerance = Example['tolerance'];

/** Checks `actual` against `expected`: numbers to the decimals written (or the stated tolerance). */
function matches(actual: unknown, expected: Json, where: string, key: string, tolerance: Tolerance): void {
  if (typeof expected === 'number') {
    expect(typeof actual, where).toBe('number');
    const stated = typeof tolerance === 'number' ? tolerance : tolerance?.[key];
    const bound = stated ?? 0.5 * 10 ** -decimalsOf(expected) + 1e-12 * Math.abs(expected);
    expect(Math.abs((actual as number) - expected), `${where}: ${String(actual)} vs ${expected}`).toBeLessThanOrEqual(bound);
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

const exported = matching as unknown as Record<string, unknown>;
const functions = Object.keys(exported).filter((name) => typeof exported[name] === 'function');

describe(`the worked examples of ${PAGE}`, () => {
  it('every json block parses, and is an example or a named fixture', () => {
    expect(parseFailures).toEqual([]);
    expect(blocks.filter((b) => b.info !== 'example' && !/^fixture [a-z0-9-]+$/.test(b.info)).map((b) => `${PAGE}:${b.line}: ${b.info}`)).toEqual([]);
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

  it('every fixture is used by an example', () => {
    for (const { example } of examples) {
      resolve((example.args ?? []) as Json);
      for (const step of example.steps ?? []) resolve((step.args ?? []) as Json);
    }
    expect([...fixtures.keys()].filter((name) => !used.has(name))).toEqual([]);
  });
});

describe(`the finder table of ${PAGE}`, () => {
  it('lists every tool of finderTools with its engine and kind of figure, in the registry’s order', () => {
    const section = page.split('\n## The finder engines\n')[1]?.split('\n### ')[0] ?? '';
    const figure: Record<string, string> = { exact: 'exact', EV: 'expected value', 'approximate (flagged)': 'approximate' };
    const rows = [...section.matchAll(/^\| ([^|]+?) \| `(\w+)` \| [^|]+ \| [^|]+ \| ([^|]+?) \|$/gm)].map((m) => {
      const tool = m[1] as string;
      const key = /\(`(\w+)`\)$/.exec(tool)?.[1] ?? tool;
      return [key, m[2], figure[m[3] as string] ?? m[3]];
    });
    expect(rows).toEqual(finderTools.map((t) => [t.key, t.engine, t.figure]));
  });
});
