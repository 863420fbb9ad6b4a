// The worked examples of docs/guides/calculators.md and its pages (docs/guides/calculators/) are tests: every fenced `json example` block
// names a function, its arguments and the expected result (or the expected issues), and this file
// runs them all, so a wrong page fails the build. The shared runner is ../internal/testing/doc-examples.
import { describe, expect, it } from 'vitest';
import { readGuide, runExample } from '../internal/testing/doc-examples';
import * as calculators from './index';
import { calculatorRegistry } from './registry/index';

const { path: PAGE, pages, parseFailures, examples } = readGuide('calculators');

describe(`the worked examples of ${PAGE}`, () => {
  it('the page has worked examples for every calculator function', () => {
    expect(parseFailures).toEqual([]);
    const functions = Object.entries(calculators)
      .filter(([, f]) => typeof f === 'function')
      .map(([name]) => name);
    expect(new Set(examples.map((e) => e.example.call))).toEqual(new Set(functions));
  });

  for (const { example } of examples) {
    it(`${example.call}: ${example.name}`, () => runExample(calculators, example));
  }
});

describe(`the registry table of ${PAGE}`, () => {
  it('lists every page of calculatorRegistry with its functions, in the registry’s order, and nothing else', () => {
    const registry = pages.find((p) => p.path === 'docs/guides/calculators/registry.md')?.text ?? '';
    const section = registry.split('# The registry of calculator pages')[1]?.split('\n## ')[0] ?? '';
    const rows = [...section.matchAll(/^\| ([a-z0-9]+(?:-[a-z0-9]+)+) \| (.+) \|$/gm)].map((m) => [
      m[1] as string,
      [...(m[2] as string).matchAll(/`(\w+)`/g)].map((f) => f[1] as string),
    ]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(calculatorRegistry.map((c) => [c.slug, [...c.functions]]));
  });
});
