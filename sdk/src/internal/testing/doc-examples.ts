// TEST-ONLY. Shared runner for the worked examples of the guides (docs/guides/*.md), used by the
// docs.test.ts files of the calculators, matching and casino modules. It is not exported from any
// package entry point and must not be imported by library code. It reads the guides with node:fs,
// so it lives under testing/, which the sdk's own tsconfig (no Node types, as the published code
// has none) leaves out; the repository's tsconfig, with Node types, typechecks it.
//
// A page's ```json fences are read; `json example` blocks name a function, its arguments and the
// expected result (or the issues of the validation error it throws, or the methods to call on what
// it returns). Numbers are compared to the decimals written (or the example's stated tolerance)
// plus 1e-12 relative, arrays in full, objects on the keys given. Each page supplies its own
// `{ "$name": ... }` argument placeholders through placeholderResolver.
import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { isValidationError } from '../../errors/errors';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Issue {
  readonly path: string;
  readonly message: string;
}

export interface Step {
  readonly call: string;
  readonly args?: readonly Json[];
  readonly expect?: Json;
  readonly throws?: readonly Issue[];
}

export interface Example extends Step {
  readonly name: string;
  readonly steps?: readonly Step[];
  /** Absolute tolerance: one for every number of the block, or by field name. */
  readonly tolerance?: number | Readonly<Record<string, number>>;
}

export type Tolerance = Example['tolerance'];

export interface Block {
  /** The page it is on, from the repository root. */
  readonly path: string;
  readonly line: number;
  readonly info: string;
  readonly body: string;
}

export interface DocPage {
  /** The page's path from the repository root, as used in failure messages. */
  readonly path: string;
  readonly text: string;
  /** Every ```json fence of the page (fences start at the beginning of a line). */
  readonly blocks: readonly Block[];
  /** The blocks that parse, with their values. */
  readonly parsed: readonly { readonly block: Block; readonly value: Json }[];
  /** `PATH:LINE: message` for every block that does not parse. */
  readonly parseFailures: readonly string[];
  /** The `json example` blocks. */
  readonly examples: readonly { readonly path: string; readonly line: number; readonly example: Example }[];
}

/**
 * The ```json blocks of the page `text`, read from `path` (from the repository root). The caller
 * reads the file, so that this module needs no Node types under sdk/tsconfig.json.
 */
export function readDocPage(path: string, text: string): DocPage {
  const blocks: Block[] = [...text.matchAll(/^```json([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm)].map((m) => ({
    path,
    line: text.slice(0, m.index).split('\n').length,
    info: (m[1] as string).trim(),
    body: m[2] as string,
  }));
  const parsed: { block: Block; value: Json }[] = [];
  const parseFailures: string[] = [];
  for (const block of blocks) {
    try {
      parsed.push({ block, value: JSON.parse(block.body) as Json });
    } catch (e) {
      parseFailures.push(`${path}:${block.line}: ${(e as Error).message}`);
    }
  }
  const examples = parsed
    .filter((p) => p.block.info === 'example')
    .map((p) => ({ path, line: p.block.line, example: p.value as unknown as Example }));
  return { path, text, blocks, parsed, parseFailures, examples };
}

/**
 * A guide split into pages (its index first, then the pages of its folder), read as one page: the
 * blocks, fixtures and examples of every page, each keeping its own page's path and line. `text`
 * is the pages' texts joined; `pages` has each on its own.
 */
export function readDocPages(
  pages: readonly { readonly path: string; readonly text: string }[],
): DocPage & { readonly pages: readonly DocPage[] } {
  const read = pages.map((p) => readDocPage(p.path, p.text));
  const first = read[0];
  if (first === undefined) throw new Error('readDocPages needs at least one page');
  return {
    path: first.path,
    text: read.map((p) => p.text).join('\n'),
    blocks: read.flatMap((p) => p.blocks),
    parsed: read.flatMap((p) => p.parsed),
    parseFailures: read.flatMap((p) => p.parseFailures),
    examples: read.flatMap((p) => p.examples),
    pages: read,
  };
}

/**
 * A module's guide as one page: `docs/guides/<name>.md` (the index) then the pages of
 * `docs/guides/<name>/` in name order, each path from the repository's root.
 */
export function readGuide(name: string): ReturnType<typeof readDocPages> {
  const guides = new URL('../../../../docs/guides/', import.meta.url);
  const files = [
    `${name}.md`,
    ...readdirSync(new URL(`${name}/`, guides))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => `${name}/${f}`),
  ];
  return readDocPages(files.map((f) => ({ path: `docs/guides/${f}`, text: readFileSync(new URL(f, guides), 'utf8') })));
}

/** The names of the functions a module exports. */
export function exportedFunctions(module: object): string[] {
  const exported = module as Record<string, unknown>;
  return Object.keys(exported).filter((name) => typeof exported[name] === 'function');
}

/** A page's `$name` placeholder: its argument, and the resolver for nested values. */
export type Placeholder = (arg: Json, resolve: (value: Json) => unknown) => unknown;

/** The `{ "$instant": "ISO" }` placeholder: that instant as a Date (JSON has no dates). */
export const instantPlaceholder: Placeholder = (iso) => {
  const ms = typeof iso === 'string' ? Date.parse(iso) : NaN;
  if (Number.isNaN(ms)) throw new Error(`$instant ${JSON.stringify(iso)} is not an ISO instant`);
  return new Date(ms);
};

/**
 * A resolver that copies a JSON value, replacing every object whose only key is one of `hooks`
 * (such as { "$fixture": "name" }) by what that hook returns for the key's value.
 */
export function placeholderResolver(hooks: Readonly<Record<string, Placeholder>> = {}): (value: Json) => unknown {
  const resolve = (value: Json): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      const hook = keys.length === 1 && Object.hasOwn(hooks, keys[0] as string) ? hooks[keys[0] as string] : undefined;
      if (hook !== undefined) return hook(value[keys[0] as string] as Json, resolve);
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    }
    return value;
  };
  return resolve;
}

/** How many decimals a number is written with (1e-7 has 7; 92.4528 has 4; 3 has 0). */
export function decimalsOf(x: number): number {
  const [mantissa = '', exponent = '0'] = String(x).toLowerCase().split('e');
  return Math.max(0, (mantissa.split('.')[1] ?? '').length - Number(exponent));
}

/** Whether `actual` is within the decimals `written` has (half a unit of the last), plus 1e-12 relative, or within `bound`. */
export function toDecimals(actual: number, written: number, bound?: number): { ok: boolean; gap: number; bound: number } {
  const b = bound ?? 0.5 * 10 ** -decimalsOf(written) + 1e-12 * Math.abs(written);
  const gap = Math.abs(actual - written);
  return { ok: gap <= b, gap, bound: b };
}

/** Checks `actual` against `expected`: numbers to the decimals written (or the stated tolerance). */
export function matches(actual: unknown, expected: Json, where: string, key = '', tolerance?: Tolerance): void {
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

/**
 * Runs one worked example: calls `example.call` of `module` with the resolved arguments, checks
 * the result (or the validation error), then calls and checks each of its steps on that result.
 */
export async function runExample(module: object, example: Example, resolve = placeholderResolver()): Promise<void> {
  const fn = (module as Record<string, unknown>)[example.call];
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
}
