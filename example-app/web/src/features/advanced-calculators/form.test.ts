import { eachWay, removeMargin } from '@matchkit/sdk/calculators';
import { calculatorRegistry, findCalculator } from '@matchkit/sdk/calculators/registry';
import { describe, expect, it } from 'vitest';
import { describeIssue, figures, fromText, readArgs, run, runExample, stateFrom, toText } from './form';

const form = (slug: string, fn: string) => {
  const f = findCalculator(slug)?.forms.find((x) => x.function === fn);
  if (f === undefined) throw new Error(`${slug}: ${fn}`);
  return f;
};

describe('calculator forms from the sdk registry', () => {
  it('every worked example, loaded into its form as text and read back, gives the sdk’s own figures', () => {
    for (const entry of calculatorRegistry) {
      for (const f of entry.forms) {
        const outcome = run(f, stateFrom(f, f.example.args));
        expect(outcome, `${entry.slug}: ${f.function}`).toEqual({ ok: true, result: runExample(f) });
      }
    }
  });

  it('reads pounds as pence, a percentage as a fraction and place terms as written', () => {
    expect(fromText('£10.50', 'money')).toBe(1050);
    expect(fromText('2', 'share')).toBe(0.02);
    expect(fromText('2%', 'share')).toBe(0.02);
    expect(fromText('1/5', 'place-terms')).toBe(0.2);
    expect(fromText('0.25', 'place-terms')).toBe(0.25);
    expect(fromText('', 'odds')).toBeUndefined();
    expect(fromText('abc', 'odds')).toBeNull();
    expect(toText(1050, 'money')).toBe('10.50');
  });

  it('refuses an amount in pounds it would have to round or expand: at most two decimals, no exponent', () => {
    expect(fromText('10.555', 'money')).toBeNull();
    expect(fromText('1e3', 'money')).toBeNull();
    expect(fromText('0x10', 'money')).toBeNull();
    expect(fromText('-3.2', 'money')).toBe(-320);
    expect(Object.is(fromText('-0', 'money'), 0)).toBe(true);
    expect(fromText('.5', 'money')).toBe(50);
    expect(fromText('1,250.05', 'money')).toBe(125005);
    expect(toText(0.02, 'share')).toBe('2');
    expect(toText(0.2, 'place-terms')).toBe('1/5');
  });

  it('computes as the member types: the form’s figures are the sdk’s for the same input', () => {
    const f = form('each-way-calculator', 'eachWay');
    const state = stateFrom(f, f.example.args);
    const typed = { ...state, values: { ...state.values, backStake: '12.50', layCommission: '3', placeFraction: '1/4' } };
    const outcome = run(f, typed);
    const sdk = eachWay({
      betType: 'qualifying',
      backStake: 1250,
      backOdds: 9,
      placeFraction: 0.25,
      winLayOdds: 10,
      placeLayOdds: 2.6,
      layCommission: 0.03,
    });
    expect(outcome).toEqual({ ok: true, result: sdk });
    expect(figures(f, sdk).find((x) => x.key === 'winLayStake')?.value).toBe(
      new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(sdk.winLayStake / 100),
    );
  });

  it('puts each sdk validation issue next to its field, in the member’s units', () => {
    const f = form('rule-4-calculator', 'nonRunnerImbalance');
    const state = stateFrom(f, f.example.args);
    const outcome = run(f, {
      ...state,
      values: { ...state.values, backOdds: '1', layCommission: '150', reductionFactor: '', backStake: 'ten' },
    });
    expect(outcome).toEqual({
      ok: false,
      errors: {
        backOdds: 'Back odds must be greater than 1',
        layCommission: 'Exchange commission must be less than 100%',
        reductionFactor: 'Enter the reduction factor',
        backStake: 'Back stake: enter an amount in pounds, such as 10.50',
      },
    });
    const money = f.inputs.find((i) => i.name === 'backStake');
    if (money === undefined) throw new Error('backStake');
    expect(describeIssue(money, 'must be at most 1000000000')).toBe('Back stake must be at most £10,000,000.00');
  });

  it('reads lists and nested rows, and errors inside them land on the row or the list', () => {
    const acca = form('acca-calculator', 'accaSequentialLay');
    const state = stateFrom(acca, acca.example.args);
    expect(state.rows['legs']).toBe(3);
    const bad = run(acca, { ...state, values: { ...state.values, 'legs.1.layOdds': '0.5' } });
    expect(bad).toEqual({ ok: false, errors: { 'legs.1.layOdds': 'Lay odds must be greater than 1' } });
    const margin = form('odds-converter-and-probability-calculator', 'removeMargin');
    const m = stateFrom(margin, margin.example.args);
    expect(readArgs(margin, m).args).toEqual([[1.9, 3.6, 4.5], 'multiplicative']);
    expect(run(margin, m)).toEqual({ ok: true, result: removeMargin([1.9, 3.6, 4.5]) });
    expect(run(margin, { ...m, values: { ...m.values, odds: '1.9, 0.9' } })).toEqual({
      ok: false,
      errors: { odds: 'Odds of every outcome, value 2, must be greater than 1' },
    });
  });
});
