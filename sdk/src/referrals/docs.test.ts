// The worked examples of docs/guides/referrals.md and its pages (docs/guides/referrals/) are tests: every fenced `json example` block
// names an exported function of @matchkit/sdk/referrals, its arguments and the expected result
// (or the issues of the validation error it throws), and this file runs them all, so a wrong
// figure on the page fails the build. The shared runner is ../internal/testing/doc-examples.
import { describe, expect, it } from 'vitest';
import * as referrals from '@matchkit/sdk/referrals';
import { exportedFunctions, instantPlaceholder, placeholderResolver, readGuide, runExample } from '../internal/testing/doc-examples';

const { path: PAGE, text: page, blocks, parseFailures, examples } = readGuide('referrals');

/** `{ "$instant": ISO }` is that instant as a Date; `{ "$draws": [...] }` a random source returning the numbers in turn. */
const resolve = placeholderResolver({
  $instant: instantPlaceholder,
  $draws: (draws) => {
    const list = draws as number[];
    let n = 0;
    return () => {
      if (n >= list.length) throw new Error(`the example's $draws ran out after ${list.length} draws`);
      return list[n++];
    };
  },
});

describe(`the worked examples of ${PAGE}`, () => {
  it('has front matter titled "Referrals and affiliates"', () => {
    expect(page.startsWith('---\ntitle: Referrals and affiliates\n')).toBe(true);
  });

  it('every json block parses and is an example', () => {
    expect(parseFailures).toEqual([]);
    expect(blocks.filter((b) => b.info !== 'example').map((b) => `${b.path}:${b.line}: ${b.info}`)).toEqual([]);
    expect(examples.length).toBeGreaterThan(0);
  });

  it('every exported function has a worked example, and every example calls one', () => {
    expect(new Set(examples.map((e) => e.example.call))).toEqual(new Set(exportedFunctions(referrals)));
  });

  for (const { path, line, example } of examples) {
    it(`${example.call}: ${example.name} (${path.replace('docs/guides/', '')}:${line})`, () => runExample(referrals, example, resolve));
  }
});
