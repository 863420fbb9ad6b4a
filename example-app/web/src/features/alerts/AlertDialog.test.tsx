// "Tell me when…" over a stubbed server: the dialog starts from the page's filters, what the sdk's
// parser refuses is said on its field and nothing is sent, pounds typed go out as pence, a field the
// server refuses is marked, and without push in this browser the dialog says so with the way to settings.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { renderRouter } from '../../testing/renderRouter';
import { AlertButton } from './AlertDialog';
import { draftFromFilters } from './rule';

afterEach(cleanup);

interface Sent {
  readonly query: string;
  readonly variables: unknown;
}

function setup(
  answer: (input: Record<string, unknown>) => unknown = () => ({ ok: true, error: null, alert: null }),
  tool: 'oddsmatcher' | 'priceBoostTracker' = 'oddsmatcher',
  commissions?: Readonly<Record<string, number>>,
) {
  const sent: Sent[] = [];
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((req: { query: string; variables?: { input: Record<string, unknown> } }) => {
      const text = String(req.query);
      sent.push({ query: text, variables: req.variables });
      if (text.includes('saveOddsAlert')) return Promise.resolve({ data: { saveOddsAlert: answer(req.variables?.input ?? {}) } });
      if (text.includes('myOddsAlerts')) return Promise.resolve({ data: { myOddsAlerts: [] } });
      return Promise.resolve({ data: { me: null } });
    }) as never,
  };
  const prefill = draftFromFilters({ minRating: 97, sport: 'football', withinHours: 24, minLiquidity: 2500 });
  const page = (
    <AlertButton
      tool={tool}
      prefill={prefill}
      bookmakers={['bet-co', 'sky-bet']}
      sports={['football', 'tennis']}
      commissions={commissions}
    />
  );
  renderRouter(createMemoryRouter([{ path: '/', element: page }], { initialEntries: ['/'] }), transport);
  fireEvent.click(screen.getByRole('button', { name: 'Tell me when…' }));
  const dialog = screen.getByRole('dialog', { name: 'Tell me when a match appears' });
  return { sent, dialog, saves: () => sent.filter((s) => s.query.includes('saveOddsAlert')) };
}

const field = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByLabelText(name) as HTMLInputElement;
/** The error text tied to a field by aria-describedby. */
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the "Tell me when…" dialog', () => {
  it('starts from the page’s filters, money in pounds', () => {
    const { dialog } = setup();
    expect(field(dialog, 'Alert name').value).toBe('Football over 97%');
    expect(field(dialog, 'Lowest rating (%)').value).toBe('97');
    expect(field(dialog, 'Sport (optional)').value).toBe('football');
    expect(field(dialog, 'Bookmaker (optional)').value).toBe('');
    expect(field(dialog, 'Starting within (hours, optional)').value).toBe('24');
    expect(field(dialog, 'At least this much to lay (£, optional)').value).toBe('25.00');
  });

  it('says on each field what the sdk’s parser refuses, and sends nothing', async () => {
    const { dialog, saves } = setup();
    fireEvent.change(field(dialog, 'Lowest rating (%)'), { target: { value: '250' } });
    fireEvent.change(field(dialog, 'Starting within (hours, optional)'), { target: { value: '1.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    const rating = field(dialog, 'Lowest rating (%)');
    await waitFor(() => expect(rating.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(rating)).toMatch(/from 0 to 200/);
    const hours = field(dialog, 'Starting within (hours, optional)');
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(hours)).toMatch(/whole number of hours/);
    expect(field(dialog, 'Alert name').getAttribute('aria-invalid')).toBeNull();
    expect(saves()).toHaveLength(0);
  });

  it('sends the pounds typed as pence, and closes once saved', async () => {
    const { dialog, saves } = setup();
    fireEvent.change(field(dialog, 'At least this much to lay (£, optional)'), { target: { value: '42.50' } });
    fireEvent.change(field(dialog, 'Bookmaker (optional)'), { target: { value: 'sky-bet' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves().map((s) => s.variables)).toEqual([
      {
        input: {
          tool: 'oddsmatcher',
          name: 'Football over 97%',
          minRating: 97,
          bookmaker: 'sky-bet',
          sport: 'football',
          withinHours: 24,
          minLiquidity: 4250,
        },
      },
    ]);
  });

  it('sends the member’s own commissions the page rates at, and says so', async () => {
    const { dialog, saves } = setup(undefined, 'oddsmatcher', { smarkets: 0, betfair: 0.05 });
    expect(within(dialog).getByText(/Rated at your own commission: Smarkets 0%, Betfair 5%/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((saves()[0]?.variables as { input: { commissions: unknown } }).input.commissions).toEqual([
      { exchange: 'smarkets', commission: 0 },
      { exchange: 'betfair', commission: 0.05 },
    ]);
  });

  it('saves the alert on the tool of the page it was opened from', async () => {
    const { dialog, saves } = setup(undefined, 'priceBoostTracker');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves().map((s) => (s.variables as { input: { tool: string } }).input.tool)).toEqual(['priceBoostTracker']);
  });

  it('marks the field the server refuses, and keeps the dialog open', async () => {
    const { dialog } = setup(() => ({
      ok: false,
      error: { code: 'BAD_INPUT', message: 'Give the alert a name of 1 to 60 characters.', field: 'input.name' },
      alert: null,
    }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    const name = field(dialog, 'Alert name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(name)).toContain('Give the alert a name of 1 to 60 characters.');
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('says plainly when notifications are off in this browser, with a link to turn them on', () => {
    const { dialog } = setup();
    expect(within(dialog).getByRole('note').textContent).toMatch(/^Notifications are off in this browser/);
    expect(within(dialog).getByRole('link', { name: 'Turn on notifications in settings' }).getAttribute('href')).toBe('/settings');
  });
});
