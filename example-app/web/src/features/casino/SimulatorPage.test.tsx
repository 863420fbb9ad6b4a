import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { SimulatorPage } from './SimulatorPage';
import { renderRouter } from '../../testing/renderRouter';

// The simulator over the sdk's real wagering model: a slot setting no casino offers (an RTP above
// 100%) is refused by the sdk, and the page says so once, beside the field, with no figures.

afterEach(cleanup);

function setup() {
  const member = { uid: { global: 'm1' }, capabilities: ['MK-CAP-CASINO'], additionalCapabilities: [] };
  const transport: Pick<GraphQLClient, 'request'> = { request: () => Promise.resolve({ data: { me: member, brand: 'primary' } }) as never };
  const router = createMemoryRouter([{ path: '/simulator', element: <SimulatorPage /> }], { initialEntries: ['/simulator'] });
  renderRouter(router, transport);
}

/** How many times `text` occurs in the page's visible text. */
const occurrences = (text: string) => (document.body.textContent ?? '').split(text).length - 1;

describe('SimulatorPage', () => {
  it('refuses an RTP of 150%, saying why once beside the field, and shows no expected value', async () => {
    setup();
    const rtp = await screen.findByLabelText('Slot RTP (%)');
    expect(screen.getByText('Expected value of the offer')).toBeTruthy(); // the closed form shows for the default offer
    fireEvent.change(rtp, { target: { value: '150' } });
    expect(rtp.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(
      rtp
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((id) => id.endsWith('-error')) ?? '',
    );
    expect(message?.textContent).toBe('Must be at most 100%: no slot pays back more than is staked.');
    expect(occurrences('pays back more than is staked')).toBe(1);
    expect(screen.queryByText('Expected value of the offer')).toBeNull();
  });

  it('an RTP of 0% is explained once beside the RTP, in words without code names', async () => {
    setup();
    const rtp = await screen.findByLabelText('Slot RTP (%)');
    fireEvent.change(rtp, { target: { value: '0' } });
    expect(rtp.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Slot volatility').getAttribute('aria-invalid')).toBeNull();
    expect(occurrences('never pays back')).toBe(1);
    expect(document.body.textContent).not.toMatch(/\brtp\b/);
  });
});
