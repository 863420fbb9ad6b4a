// The worked examples of docs/guides/casino.md and its pages (docs/guides/casino/) are tests. Every fenced `json example` block names
// an exported function of @matchkit/sdk/casino, its arguments and the expected result (or the
// issues of the validation error it throws, or the methods to call on what it returns, such as
// `next` on a generator); { "$random": [u1, u2, ...] } in the arguments is a random source that
// returns those 32-bit numbers in turn. The page's table of reference paytables and the seeded
// columns of its table of figures are checked too. The format is described on the page itself
// ("The worked examples are tests"); the shared runner is ../internal/testing/doc-examples.
import { describe, expect, it } from 'vitest';
import * as casino from '@matchkit/sdk/casino';
import { REFERENCE_PAYTABLES, referenceSlot, simulateWageringSync, type ReferenceSlotProfile } from '@matchkit/sdk/casino';
import { exportedFunctions, placeholderResolver, readGuide, runExample, toDecimals } from '../internal/testing/doc-examples';

const { path: PAGE, text: page, blocks, parseFailures, examples } = readGuide('casino');

/** The arguments with every { "$random": [...] } replaced by a source returning those numbers. */
const resolve = placeholderResolver({
  $random: (numbers) => {
    const draws = [...(numbers as number[])];
    return {
      nextUint32: () => {
        const u = draws.shift();
        if (u === undefined) throw new Error('the example’s random source has no numbers left');
        return u;
      },
    };
  },
});

describe(`the worked examples of ${PAGE}`, () => {
  it('every json block parses and is an example', () => {
    expect(parseFailures).toEqual([]);
    expect(blocks.filter((b) => b.info !== 'example').map((b) => `${b.path}:${b.line}: ${b.info}`)).toEqual([]);
    expect(examples.length).toBeGreaterThan(0);
  });

  it('every exported function has a worked example, and every example calls one', () => {
    expect(new Set(examples.map((e) => e.example.call))).toEqual(new Set(exportedFunctions(casino)));
  });

  for (const { path, line, example } of examples) {
    it(`${example.call}: ${example.name} (${path.replace('docs/guides/', '')}:${line})`, () => runExample(casino, example, resolve));
  }
});

/** The lines of the markdown table whose header row starts with `header`, split into cells. */
function table(header: string): string[][] {
  const start = page.indexOf(`\n${header}`);
  expect(start, `a table headed ${header}`).toBeGreaterThan(0);
  const lines = page.slice(start + 1).split('\n');
  const end = lines.findIndex((l) => !l.startsWith('|'));
  return lines.slice(2, end).map((l) =>
    l
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim()),
  );
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
      expect(
        weights.reduce((t, w) => t + w, 0),
        profile,
      ).toBe(1_000_000);
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
        { depositPence: 5000, bonusPence: 5000, wageringMultiple: 35, stake: 100, slot: profile },
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
      expect(Math.abs(result.meanFinalBalance - wald), `${profile}: Wald's identity`).toBeLessThanOrEqual(
        4 * result.meanFinalBalanceStandardError,
      );
    }
  });
});
