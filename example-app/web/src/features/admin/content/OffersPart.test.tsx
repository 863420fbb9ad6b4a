// Admin > Content > Offers in jsdom over a stubbed server that keeps each category's order: a
// table per category in the server's order, Move up / Move down named after the offer (the first
// cannot go up, the last cannot go down), a move sends the offer's slug and direction and shows the
// order the server then answers, and the keyboard focus stays on the moved offer's button.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { routes } from '../../../app/routes';
import { testMember } from '../../../testing/member';
import { renderRouter } from '../../../testing/renderRouter';

afterEach(cleanup);

const ADMIN = testMember('primary', 'platinum', { capabilities: [], additionalCapabilities: ['PA-CAP-028'] });

function offer(slug: string, category: string) {
  return {
    id: `of_${slug}`,
    slug,
    title: `Offer ${slug}`,
    category,
    bookmaker: 'Bet Co',
    summary: 'A test offer.',
    body: 'Step 1.',
    expectedProfit: 500,
    guideUrl: null,
    expiresAt: null,
    publishedAt: '2026-03-01T10:00:00.000Z',
    completed: false,
  };
}

function setup() {
  const sent: { query: string; variables: unknown }[] = [];
  // The server's order: each category's slugs, moved by the stub as the server would.
  const order: Record<string, string[]> = {
    'sportsbook-signup-offers': ['s1', 's2'],
    'casino-signup-offers': [],
    'reload-offers': ['r1', 'r2', 'r3'],
  };
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((req: { query: string; variables?: Record<string, unknown> }) => {
      const text = String(req.query);
      sent.push({ query: text, variables: req.variables });
      if (text.includes('adminMoveOffer')) {
        const { slug, direction } = req.variables as { slug: string; direction: 'UP' | 'DOWN' };
        for (const [category, slugs] of Object.entries(order)) {
          const from = slugs.indexOf(slug);
          const to = from + (direction === 'UP' ? -1 : 1);
          if (from < 0 || to < 0 || to >= slugs.length) continue;
          slugs.splice(from, 1);
          slugs.splice(to, 0, slug);
          return Promise.resolve({ data: { adminMoveOffer: { ok: true, error: null, offer: offer(slug, category) } } });
        }
        return Promise.resolve({ data: { adminMoveOffer: { ok: true, error: null, offer: null } } });
      }
      if (text.includes('adminOffers'))
        return Promise.resolve({
          data: { adminOffers: Object.entries(order).flatMap(([category, slugs]) => slugs.map((slug) => offer(slug, category))) },
        });
      if (text.includes('me')) return Promise.resolve({ data: { me: ADMIN, brand: 'primary' } });
      return new Promise(() => {});
    }) as never,
  };
  renderRouter(createMemoryRouter(routes, { initialEntries: ['/admin/content'] }), transport);
  return sent;
}

const titles = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((th) => th.textContent);

describe('Admin > Content > Offers: the order', () => {
  it('lists each category in the server’s order, with a move up and down named after each offer', async () => {
    setup();
    const reload = await screen.findByRole('table', { name: 'Reload offers' }, { timeout: 10_000 });
    expect(titles(reload)).toEqual(['Offer r1', 'Offer r2', 'Offer r3']);
    expect(titles(screen.getByRole('table', { name: 'Sportsbook sign-up offers' }))).toEqual(['Offer s1', 'Offer s2']);
    expect(screen.getByText('No casino sign-up offers yet')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Reload offers' })).toBeTruthy();
    const up = (slug: string) => screen.getByRole<HTMLButtonElement>('button', { name: `Move Offer ${slug} up` });
    const down = (slug: string) => screen.getByRole<HTMLButtonElement>('button', { name: `Move Offer ${slug} down` });
    expect([up('r1').disabled, down('r1').disabled, up('r2').disabled, down('r3').disabled]).toEqual([true, false, false, true]);
  });

  it('moves an offer: sends its slug and direction, shows the new order, and keeps the focus on its button', async () => {
    const sent = setup();
    const reload = await screen.findByRole('table', { name: 'Reload offers' }, { timeout: 10_000 });
    const button = screen.getByRole('button', { name: 'Move Offer r2 down' });
    button.focus();
    fireEvent.click(button);
    await screen.findByText('“Offer r2” moved down.');
    expect(sent.filter((s) => s.query.includes('adminMoveOffer')).map((s) => s.variables)).toEqual([{ slug: 'r2', direction: 'DOWN' }]);
    await waitFor(() => expect(titles(reload)).toEqual(['Offer r1', 'Offer r3', 'Offer r2']));
    // Now last, it cannot go further down: the focus is on its Move up.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Offer r2 up' })));

    fireEvent.click(screen.getByRole('button', { name: 'Move Offer r2 up' }));
    await screen.findByText('“Offer r2” moved up.');
    await waitFor(() => expect(titles(reload)).toEqual(['Offer r1', 'Offer r2', 'Offer r3']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Offer r2 up' })));
    expect(titles(screen.getByRole('table', { name: 'Sportsbook sign-up offers' }))).toEqual(['Offer s1', 'Offer s2']);
  });
});
