import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accaSequentialLay, dutch, roundForDisplay } from '@matchkit/sdk/calculators';
import { findCalculator } from '@matchkit/sdk/calculators/registry';
import { CalculatorFormSection } from './CalculatorFormSection';
import { formatPence } from '../../components/money';

// The generic form over the sdk's real functions: rows of a list added and removed (the rows after
// a removed one move up), an optional object left empty is left out, a bad value is explained
// beside its field, and the worked example loads back.

afterEach(cleanup);

/** The sdk's figure as the app's one formatter shows it (a loss with the minus sign "−"). */
const money = (pence: number) => formatPence(roundForDisplay(pence, 0));
const form = (slug: string, fn: string) => {
  const f = findCalculator(slug)?.forms.find((x) => x.function === fn);
  if (f === undefined) throw new Error(`${slug}: ${fn}`);
  return f;
};
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const change = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('CalculatorFormSection', () => {
  it('adds and removes legs, the rows after a removed one moving up, and shows the sdk’s figures', () => {
    render(<CalculatorFormSection form={form('acca-calculator', 'accaSequentialLay')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a leg' }));
    const leg4 = within(screen.getByRole('group', { name: 'Leg 4' }));
    change(leg4.getByLabelText('Back odds'), '3');
    change(leg4.getByLabelText('Lay odds'), '3.2');
    fireEvent.click(screen.getByRole('button', { name: 'Remove leg 2' }));
    expect(screen.queryByRole('group', { name: 'Leg 4' })).toBeNull();
    expect((within(screen.getByRole('group', { name: 'Leg 3' })).getByLabelText('Back odds') as HTMLInputElement).value).toBe('3');
    const legs = [
      { backOdds: 2, layOdds: 2.1 },
      { backOdds: 2.5, layOdds: 2.6 },
      { backOdds: 3, layOdds: 3.2 },
    ];
    const r = accaSequentialLay({ betType: 'qualifying', backStake: 1000, legs, layCommission: 0.02 });
    expect(figure('Lay stake, leg 3')).toBe(money(r.layStakes[2] ?? NaN));
    expect(figure('Profit whatever happens')).toBe(money(r.profit));
  });

  it('leaves an optional object out when it is empty, explains a bad value beside its field, and loads the example back', () => {
    render(<CalculatorFormSection form={form('dutching-calculator', 'dutch')} />);
    const fixed = within(screen.getByRole('group', { name: 'Fixed bet (optional)' }));
    change(fixed.getByLabelText('Fixed stake (£)'), '');
    change(fixed.getByLabelText('Fixed odds'), '');
    change(screen.getByLabelText('Budget (£) (optional)'), '30');
    change(screen.getByLabelText('Back odds of the outcomes'), '3, 4, 5.5');
    const r = dutch({ totalStake: 3000, backOdds: [3, 4, 5.5] });
    expect(figure('Back stake, outcome 3')).toBe(money(r.backStakes[2] ?? NaN));
    expect(figure('Profit whatever happens')).toBe(money(r.profit));

    const odds = screen.getByLabelText('Back odds of the outcomes');
    change(odds, '3, x');
    expect(screen.getByText('Back odds of the outcomes: “x” is not a number')).toBeTruthy();
    expect(odds.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Correct the fields marked in the form to see the results.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load this example into “Dutch a market”' }));
    expect((screen.getByLabelText('Back odds of the outcomes') as HTMLInputElement).value).toBe('4, 5.5');
    expect(figure('Profit whatever happens')).toBe(money(dutch({ anchor: { backStake: 1000, backOdds: 3 }, backOdds: [4, 5.5] }).profit));
  });
});
