// The worked examples of docs/guides/tracker.md and its pages (docs/guides/tracker/) are tests. Every fenced `json example` block names
// an exported function of @matchkit/sdk/tracker, its arguments and the expected result (or the
// issues of the validation error it throws). The page's `json fixtures` block names the bets the
// examples use: { "$bet": "name" } in the arguments is that bet, { "$instant": "ISO" } that instant
// as a Date. The format is described on the page itself ("How this page is tested"); the shared
// runner is ../internal/testing/doc-examples.
import { describe, expect, it } from 'vitest';
import * as tracker from '@matchkit/sdk/tracker';
import {
  exportedFunctions,
  instantPlaceholder,
  placeholderResolver,
  readGuide,
  runExample,
  type Json,
} from '../internal/testing/doc-examples';

const { path: PAGE, blocks, parsed, parseFailures, examples } = readGuide('tracker');

const fixtures = (parsed.find((p) => p.block.info === 'fixtures')?.value ?? {}) as Record<string, Json>;

const resolve = placeholderResolver({
  $instant: instantPlaceholder,
  $bet: (name, again) => {
    const bet = fixtures[name as string];
    if (bet === undefined) throw new Error(`the page has no fixture bet named ${String(name)}`);
    return again(bet);
  },
});

describe(`the worked examples of ${PAGE}`, () => {
  it('every json block parses and is an example or the fixtures', () => {
    expect(parseFailures).toEqual([]);
    expect(blocks.filter((b) => b.info !== 'example' && b.info !== 'fixtures').map((b) => `${b.path}:${b.line}: ${b.info}`)).toEqual([]);
    expect(blocks.filter((b) => b.info === 'fixtures')).toHaveLength(1);
  });

  it('every fixture bet is valid for the primary brand', () => {
    for (const f of Object.values(fixtures)) expect(() => tracker.parseBet('primary', resolve(f) as tracker.TrackedBetInput)).not.toThrow();
  });

  it('every exported function has a worked example, and every example calls one', () => {
    expect(new Set(examples.map((e) => e.example.call))).toEqual(new Set(exportedFunctions(tracker)));
  });

  for (const { path, line, example } of examples) {
    it(`${example.call}: ${example.name} (${path.replace('docs/guides/', '')}:${line})`, () => runExample(tracker, example, resolve));
  }
});
