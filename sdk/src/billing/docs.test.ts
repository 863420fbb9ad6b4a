// The worked examples of docs/guides/billing.md and its pages (docs/guides/billing/) are tests. Every fenced `json example` block names
// an exported function of @matchkit/sdk/billing, its arguments (with { "$instant": "ISO" } for an
// instant, since JSON has no dates) and the expected result, every instant of which is epoch
// milliseconds, as the functions return it (or the issues of the validation error it throws).
// Every number is compared exactly: instants to the millisecond, money to the penny. This file runs
// them all, so a wrong figure on the page fails the build. The shared runner is
// ../internal/testing/doc-examples.
import { describe, expect, it } from 'vitest';
import * as billing from '@matchkit/sdk/billing';
import { exportedFunctions, instantPlaceholder, placeholderResolver, readGuide, runExample } from '../internal/testing/doc-examples';

const { path: PAGE, blocks, parseFailures, examples } = readGuide('billing');

const resolve = placeholderResolver({
  $instant: instantPlaceholder,
});

describe(`the worked examples of ${PAGE}`, () => {
  it('every json block parses and is an example', () => {
    expect(parseFailures).toEqual([]);
    expect(blocks.filter((b) => b.info !== 'example').map((b) => `${b.path}:${b.line}: ${b.info}`)).toEqual([]);
  });

  it('every exported function has a worked example, and every example calls one', () => {
    expect(new Set(examples.map((e) => e.example.call))).toEqual(new Set(exportedFunctions(billing)));
  });

  for (const { path, line, example } of examples) {
    it(`${example.call}: ${example.name} (${path.replace('docs/guides/', '')}:${line})`, () =>
      runExample(billing, { ...example, tolerance: 0 }, resolve));
  }
});
