import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table, Td, Th } from './Table';

function Payments({ captionHidden }: { readonly captionHidden?: boolean }) {
  return (
    <Table caption="Your payments, newest first" captionHidden={captionHidden}>
      <thead>
        <tr>
          <Th>Date</Th>
          <Th numeric>Amount</Th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <Th scope="row">1 December 2026</Th>
          <Td numeric>£19.99</Td>
        </tr>
      </tbody>
    </Table>
  );
}

describe('Table', () => {
  it('is named by its caption, and so is the focusable box it scrolls in', () => {
    render(<Payments />);
    const table = screen.getByRole('table', { name: 'Your payments, newest first' });
    const box = screen.getByRole('region', { name: 'Your payments, newest first' });
    expect(box.contains(table)).toBe(true);
    expect(box.tabIndex).toBe(0);
    expect(within(table).getByText('Your payments, newest first').className).not.toContain('visually-hidden');
  });

  it('keeps a hidden caption for screen readers, inside the box', () => {
    render(<Payments captionHidden />);
    const caption = screen.getByText('Your payments, newest first');
    expect(caption.className).toBe('visually-hidden');
    expect(screen.getByRole('region').className).toContain('relative');
  });

  it('gives columns and rows their headers, figures right-aligned', () => {
    render(<Payments />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Amount']);
    expect(within(table).getByRole('rowheader').textContent).toBe('1 December 2026');
    expect(within(table).getByRole('columnheader', { name: 'Amount' }).className).toContain('text-right');
    expect(within(table).getByRole('cell', { name: '£19.99' }).className).toContain('text-right');
  });
});
