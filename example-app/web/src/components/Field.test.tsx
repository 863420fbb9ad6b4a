import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field, SelectField } from './Field';

// A screen reader reads a control's hint and error with it only when aria-describedby names them:
// checked for the input and the select alike.

afterEach(cleanup);

/** The text aria-describedby points at, as a screen reader reads it after the name. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('Field and SelectField', () => {
  // In a form grid (grid) the hint shows under the control, but is read with it all the same.
  it.each([false, true])('tie the hint and the error to the control and mark it invalid (grid: %s)', (grid) => {
    render(
      <>
        <Field grid={grid} label="Stake (£)" hint="Your back stake." error="Enter a stake above £0." defaultValue="" />
        <SelectField grid={grid} label="Slot volatility" hint="How spread the wins are." error="Choose a volatility." defaultValue="low">
          <option value="low">Low</option>
        </SelectField>
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Stake (£)' });
    const select = screen.getByRole('combobox', { name: 'Slot volatility' });
    expect(description(input)).toBe('Your back stake. Enter a stake above £0.');
    expect(description(select)).toBe('How spread the wins are. Choose a volatility.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-invalid')).toBe('true');
  });

  it('leave a control with nothing to say undescribed and valid', () => {
    render(
      <SelectField label="Exchange" defaultValue="">
        <option value="">Choose…</option>
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Exchange' });
    expect(select.hasAttribute('aria-describedby')).toBe(false);
    expect(select.hasAttribute('aria-invalid')).toBe(false);
  });
});
