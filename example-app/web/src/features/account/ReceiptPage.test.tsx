import { cleanup, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { testMember } from '../../testing/member';
import { renderRouter } from '../../testing/renderRouter';
import type { ReceiptData } from './api/billing';
import { ReceiptPage } from './ReceiptPage';

// The printable receipt page over a stubbed server: the seller, the figures in pounds with the VAT
// split out, the refund when there is one, the print button and the two downloads; and "not found"
// for a receipt that is not the member's.

afterEach(cleanup);

const RECEIPT: ReceiptData = {
  id: 'rcp_1',
  number: 'BRI-000042',
  issuedAt: '2026-03-02T10:00:00.000Z',
  kind: 'renewal',
  planLabel: 'Platinum',
  billingTerm: 'month',
  periodStart: '2026-03-02T10:00:00.000Z',
  periodEnd: '2026-04-02T09:00:00.000Z',
  amount: 3999,
  vat: 667,
  reference: 'ch_test_abc',
  sellerName: 'Example Trading Ltd',
  sellerAddress: '1 Nowhere Street, Exampletown, ZZ99 9ZZ',
  vatNumber: 'GB123456789',
  refundedAmount: null,
  refundedAt: null,
};

function setup(receipt: ReceiptData | null) {
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((req: { query: string }) =>
      Promise.resolve(
        String(req.query).includes('receipt(')
          ? { data: { receipt } }
          : { data: { me: testMember('primary', 'platinum'), brand: 'primary' } },
      )) as never,
  };
  const router = createMemoryRouter([{ path: '/user/account/receipts/:id', element: <ReceiptPage /> }], {
    initialEntries: ['/user/account/receipts/rcp_1'],
  });
  renderRouter(router, transport);
}

/** The value shown against a label of the receipt's facts. */
const fact = (term: string) => {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
};

describe('the receipt page', () => {
  it('shows the seller, the receipt number and date, the plan, the price before VAT, the VAT and the total', async () => {
    setup(RECEIPT);
    await screen.findByText('BRI-000042');
    expect(screen.getByText('Example Trading Ltd')).toBeTruthy();
    expect(screen.getByText(/VAT number GB123456789/)).toBeTruthy();
    expect(fact('Date')).toBe('Monday, 2 March 2026');
    expect(fact('Plan')).toBe('Platinum, monthly');
    expect(fact('Payment for')).toBe('Renewal');
    expect(fact('Price before VAT')).toBe('£33.32');
    expect(fact('VAT at 20%')).toBe('£6.67');
    expect(fact('Total paid')).toBe('£39.99');
    expect(fact('Payment reference')).toBe('ch_test_abc');
    expect(screen.queryByText('Refunded', { selector: 'dt' })).toBeNull();
    expect(screen.getByText(/18\+ only/)).toBeTruthy();
  });

  it('prints with the browser, and downloads the PDF and HTML files from the server', async () => {
    setup(RECEIPT);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    (await screen.findByRole('button', { name: 'Print' })).click();
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe('/api/receipts/rcp_1.pdf');
    expect(screen.getByRole('link', { name: 'Download HTML' }).getAttribute('href')).toBe('/api/receipts/rcp_1.html');
    // The buttons and the way back are left off the paper.
    const actions = screen.getByRole('list');
    expect(actions.className).toContain('print:hidden');
    expect(within(actions).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows a refund with its amount and date', async () => {
    setup({ ...RECEIPT, refundedAmount: 3999, refundedAt: '2026-03-05T12:00:00.000Z' });
    await screen.findByText('BRI-000042');
    expect(fact('Refunded')).toBe('£39.99 on Thursday, 5 March 2026');
  });

  it('says not found for a receipt that is not the member’s', async () => {
    setup(null);
    expect(await screen.findByText('Receipt not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });
});
