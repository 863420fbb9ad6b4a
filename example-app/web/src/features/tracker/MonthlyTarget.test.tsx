import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchkitProvider } from '@matchkit/react';
import { getBrand } from '@matchkit/sdk/brands';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { MonthlyTarget } from './MonthlyTarget';

// The monthly target is not only an onboarding choice: the tracker shows it and lets the member
// change it (the server's setGoal, the same mutation as onboarding).

afterEach(cleanup);

function setup(initial: string | null) {
  let goal = initial;
  const sent: { query: string; variables: Record<string, unknown> }[] = [];
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((req: { query: string; variables?: Record<string, unknown> }) => {
      const query = String(req.query);
      sent.push({ query, variables: req.variables ?? {} });
      if (query.includes('setGoal')) {
        goal = String(req.variables?.['goal']);
        return Promise.resolve({ data: { setGoal: { ok: true, error: null, user: { goal } } } });
      }
      return Promise.resolve({ data: { me: { goal } } });
    }) as never,
  };
  render(
    <MatchkitProvider brand="primary" transport={transport} queryClient={new QueryClient()}>
      <MonthlyTarget />
    </MatchkitProvider>,
  );
  return sent;
}

describe('MonthlyTarget', () => {
  const goals = getBrand('primary').onboarding.goals;

  it('shows the target chosen at onboarding, and saves another one with setGoal', async () => {
    const [first, second] = goals;
    if (first === undefined || second === undefined) throw new Error('the primary brand has fewer than two goals');
    const sent = setup(first.id);
    const select = await screen.findByRole('combobox', { name: 'Monthly target' });
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe(first.id));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(goals.map((g) => g.label));
    fireEvent.change(select, { target: { value: second.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Save target' }));
    await screen.findByText(`Your monthly target is now ${second.label}.`);
    const saved = sent.find((s) => s.query.includes('setGoal'));
    expect(saved?.variables).toEqual({ goal: second.id });
    // The target is read again, so the charts compare the month with the new one.
    await waitFor(() => expect(sent.filter((s) => s.query.includes('me {')).length).toBeGreaterThanOrEqual(2));
  });

  it('offers a choice to a member who chose none at onboarding', async () => {
    setup(null);
    const select = await screen.findByRole('combobox', { name: 'Monthly target' });
    expect((select as HTMLSelectElement).value).toBe('');
    expect(screen.getAllByRole('option')[0]?.textContent).toBe('Choose a target');
  });
});
