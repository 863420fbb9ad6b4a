// The worked examples of docs/guides/matching.md and its pages (docs/guides/matching/) are tests. Every fenced `json example` block
// names an exported function of @matchkit/sdk/matching, its arguments and the expected result
// (or the issues of the validation error it throws, or the methods to call on what it returns);
// `json fixture NAME` blocks hold the sample feeds the examples refer to as { "$fixture": NAME }.
// This file runs them all, so a wrong figure on the page fails the build. The format is described
// on the page itself ("The worked examples are tests"); the shared runner is ../internal/testing/doc-examples.
import { describe, expect, it } from 'vitest';
import * as matching from '@matchkit/sdk/matching';
import { finderTools } from '@matchkit/sdk/matching';
import { exportedFunctions, placeholderResolver, readGuide, runExample, type Json } from '../internal/testing/doc-examples';

const { path: PAGE, pages, blocks, parsed, parseFailures, examples } = readGuide('matching');

const FIXTURE = /^fixture ([a-z0-9-]+)$/;
const fixtures = new Map<string, Json>();
for (const { block, value } of parsed) {
  const fixture = FIXTURE.exec(block.info);
  if (fixture !== null) fixtures.set(fixture[1] as string, value);
}

const used = new Set<string>();

/** The arguments with every { "$fixture": name } replaced by a fresh copy of that fixture. */
const resolve = placeholderResolver({
  $fixture: (name, again) => {
    const fixture = fixtures.get(name as string);
    if (fixture === undefined) throw new Error(`no json fixture named ${String(name)} on the page`);
    used.add(name as string);
    return again(fixture);
  },
});

describe(`the worked examples of ${PAGE}`, () => {
  it('every json block parses, and is an example or a named fixture', () => {
    expect(parseFailures).toEqual([]);
    expect(blocks.filter((b) => b.info !== 'example' && !FIXTURE.test(b.info)).map((b) => `${b.path}:${b.line}: ${b.info}`)).toEqual([]);
    expect(examples.length).toBeGreaterThan(0);
  });

  it('every exported function has a worked example, and every example calls one', () => {
    expect(new Set(examples.map((e) => e.example.call))).toEqual(new Set(exportedFunctions(matching)));
  });

  for (const { path, line, example } of examples) {
    it(`${example.call}: ${example.name} (${path.replace('docs/guides/', '')}:${line})`, () => runExample(matching, example, resolve));
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
    const finders = pages.find((p) => p.path === 'docs/guides/matching/finders.md')?.text ?? '';
    const section = finders.split('\n# The finder engines\n')[1]?.split('\n### ')[0] ?? '';
    const figure: Record<string, string> = { exact: 'exact', EV: 'expected value', 'approximate (flagged)': 'approximate' };
    const rows = [...section.matchAll(/^\| ([^|]+?) \| `(\w+)` \| [^|]+ \| [^|]+ \| ([^|]+?) \|$/gm)].map((m) => {
      const tool = m[1] as string;
      const key = /\(`(\w+)`\)$/.exec(tool)?.[1] ?? tool;
      return [key, m[2], figure[m[3] as string] ?? m[3]];
    });
    expect(rows).toEqual(finderTools.map((t) => [t.key, t.engine, t.figure]));
  });
});
