// Admin > Content > Guides and training in jsdom over a stubbed server that keeps its guides: a
// guide is deleted after its confirmation (the server is asked by slug, the list read again, the
// status line says so), and a move saves the new orders and keeps the keyboard focus on the moved
// guide's button (the same flows as the offers', actions.tsx). The admin area is a lazy chunk: each
// test's first find waits up to 10 s for it.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { routes } from '../../../app/routes';
import { testMember } from '../../../testing/member';
import { renderRouter } from '../../../testing/renderRouter';

afterEach(cleanup);

const ADMIN = testMember('primary', 'platinum', { capabilities: [], additionalCapabilities: ['PA-CAP-028'] });

interface StubGuide {
  slug: string;
  section: string;
  order: number;
}

const guide = (g: StubGuide) => ({
  ...g,
  title: `Guide ${g.slug}`,
  url: `/guides/${g.slug}`,
  summary: 'A test guide.',
  body: 'Read this.',
  publishedAt: '2026-03-01T10:00:00.000Z',
});

function setup() {
  const sent: { query: string; variables: Record<string, unknown> }[] = [];
  let guides: StubGuide[] = [
    { slug: 't1', section: 'training', order: 0 },
    { slug: 't2', section: 'training', order: 1 },
    { slug: 'g1', section: 'guides', order: 0 },
  ];
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((req: { query: string; variables?: Record<string, unknown> }) => {
      const text = String(req.query);
      const variables = req.variables ?? {};
      sent.push({ query: text, variables });
      if (text.includes('adminDeleteGuide')) {
        guides = guides.filter((g) => g.slug !== variables['slug']);
        return Promise.resolve({ data: { adminDeleteGuide: { ok: true, error: null } } });
      }
      if (text.includes('adminSaveGuide')) {
        const input = variables['input'] as StubGuide;
        guides = guides.map((g) => (g.slug === input.slug ? { ...g, order: input.order } : g));
        return Promise.resolve({ data: { adminSaveGuide: { ok: true, error: null, guide: guide(input) } } });
      }
      if (text.includes('adminGuides')) return Promise.resolve({ data: { adminGuides: guides.map(guide) } });
      if (text.includes('me')) return Promise.resolve({ data: { me: ADMIN, brand: 'primary' } });
      return new Promise(() => {});
    }) as never,
  };
  renderRouter(createMemoryRouter(routes, { initialEntries: ['/admin/content/guides'] }), transport);
  return sent;
}

const titles = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((th) => th.textContent);

describe('Admin > Content > Guides and training', () => {
  it('deletes a guide once confirmed: by its slug, and the list no longer has it', async () => {
    const sent = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Guide t1' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Guide t1”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('“Guide t1” deleted.'));
    expect(sent.filter((s) => s.query.includes('adminDeleteGuide')).map((s) => s.variables)).toEqual([{ slug: 't1' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Guide t1' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Delete Guide t2' })).toBeTruthy();
    // Its row is gone: the focus is on its section's heading, not lost.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name: 'Training' })));
  });

  it('keeps a guide when the confirmation is declined', async () => {
    const sent = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Guide g1' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Guide g1”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent.some((s) => s.query.includes('adminDeleteGuide'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Delete Guide g1' })).toBeTruthy();
  });

  it('moves a guide down: saves both new orders, shows the new sequence, and keeps the focus on its button', async () => {
    const sent = setup();
    const down = await screen.findByRole('button', { name: 'Move Guide t1 down' }, { timeout: 10_000 });
    down.focus();
    fireEvent.click(down);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('“Guide t1” moved down.'));
    expect(
      sent
        .filter((s) => s.query.includes('adminSaveGuide'))
        .map((s) => {
          const input = s.variables['input'] as StubGuide;
          return [input.slug, input.order];
        }),
    ).toEqual([
      ['t2', 0],
      ['t1', 1],
    ]);
    await waitFor(() => expect(titles(screen.getByRole('table', { name: 'Training' }))).toEqual(['Guide t2', 'Guide t1']));
    // Now last, it cannot go further down: the focus is on its Move up.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Guide t1 up' })));
  });
});
