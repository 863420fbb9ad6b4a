// The worked examples of docs/guides/calculators.md are tests: every fenced `json example` block
// names a function, its arguments and the expected result (or the expected issues), and this file
// runs them all, so a wrong page fails the build.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValidationError } from '../errors/errors';
import * as calculators from './index';
import { calculatorRegistry } from './index';

interface Example {
  readonly name: string;
  readonly call: keyof typeof calculators;
  readonly args: readonly unknown[];
  readonly expect?: unknown;
  readonly throws?: readonly { path: string; message: string }[];
}

const page = readFileSync(new URL('../../../docs/guides/calculators.md', import.meta.url), 'utf8');
const examples: Example[] = [...page.matchAll(/```json example\n([\s\S]*?)```/g)].map(
  (m) => JSON.parse(m[1] as string) as Example,
);

/** Checks `actual` against `expected` to every decimal written in the page. */
function matches(actual: unknown, expected: unknown, path: string): void {
  if (typeof expected === 'number') {
    expect(typeof actual, path).toBe('number');
    const decimals = (String(expected).split('.')[1] ?? '').length;
    const tolerance = 0.5 * 10 ** -decimals + 1e-12 * Math.abs(expected);
    expect(Math.abs((actual as number) - expected), `${path}: ${String(actual)} vs ${expected}`).toBeLessThanOrEqual(tolerance);
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual), path).toBe(true);
    expect((actual as unknown[]).length, path).toBe(expected.length);
    expected.forEach((e, i) => matches((actual as unknown[])[i], e, `${path}[${i}]`));
  } else if (typeof expected === 'object' && expected !== null) {
    for (const [key, e] of Object.entries(expected)) matches((actual as Record<string, unknown>)[key], e, `${path}.${key}`);
  } else {
    expect(actual, path).toBe(expected);
  }
}

describe('the worked examples of docs/guides/calculators.md', () => {
  it('the page has worked examples for every calculator function', () => {
    const functions = Object.entries(calculators)
      .filter(([name, f]) => typeof f === 'function' && name !== 'findCalculator')
      .map(([name]) => name);
    expect(new Set(examples.map((e) => e.call))).toEqual(new Set(functions));
  });

  for (const example of examples) {
    it(`${example.call}: ${example.name}`, () => {
      const fn = calculators[example.call] as (...args: unknown[]) => unknown;
      if (example.throws) {
        let caught: unknown;
        try {
          fn(...example.args);
        } catch (e) {
          caught = e;
        }
        expect(isValidationError(caught)).toBe(true);
        expect((caught as { issues: unknown }).issues).toEqual(example.throws);
      } else {
        matches(fn(...example.args), example.expect, example.call);
      }
    });
  }
});

describe('the registry table of docs/guides/calculators.md', () => {
  it('lists every page of calculatorRegistry with its functions, in the registry’s order, and nothing else', () => {
    const section = page.split('## The registry of calculator pages')[1]?.split('\n## ')[0] ?? '';
    const rows = [...section.matchAll(/^\| ([a-z0-9]+(?:-[a-z0-9]+)+) \| (.+) \|$/gm)].map((m) => [
      m[1] as string,
      [...(m[2] as string).matchAll(/`(\w+)`/g)].map((f) => f[1] as string),
    ]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(calculatorRegistry.map((c) => [c.slug, [...c.functions]]));
  });
});
