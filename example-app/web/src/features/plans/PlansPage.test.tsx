import { cleanup, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { testMember } from '../../testing/member';
import { renderRouter } from '../../testing/renderRouter';
import { PlansPage } from './PlansPage';

// /pro for a member who holds a plan: their plan's card says it is theirs and leads to the account
// page instead of offering it again; a lower plan leads there too (moving down); higher plans keep
// their "Choose" links.

afterEach(cleanup);

function setup(me: ReturnType<typeof testMember> | null) {
  const transport: Pick<GraphQLClient, 'request'> = {
    request: (() => Promise.resolve({ data: { me, brand: 'primary' } })) as never,
  };
  const router = createMemoryRouter([{ path: '/pro', element: <PlansPage /> }], { initialEntries: ['/pro'] });
  renderRouter(router, transport, 'primary');
}

const card = (label: string) => screen.getByRole('heading', { name: label }).closest('li') as HTMLElement;

describe('the plans page', () => {
  it('marks a Pro Plus member’s plan as theirs, with a link to their account instead of “Choose”', async () => {
    setup(testMember('primary', 'pro-plus'));
    await screen.findByRole('link', { name: 'Manage your plan' });
    const own = card('Pro Plus');
    expect(within(own).getByText('Your plan')).toBeTruthy();
    expect(within(own).queryByRole('link', { name: 'Choose Pro Plus' })).toBeNull();
    expect(within(own).getByRole('link', { name: 'Manage your plan' }).getAttribute('href')).toBe('/user/account');
    // The comparison table below says the same, without a "Choose" link for the plan held.
    expect(screen.queryAllByRole('link', { name: 'Choose Pro Plus' })).toHaveLength(0);
    expect(within(screen.getByRole('table', { name: 'Compare the plans' })).getByText('Your plan')).toBeTruthy();
    // The lower plans are reached by moving down at renewal, on the account page: never a second purchase.
    expect(within(card('Pro')).queryByRole('link', { name: 'Choose Pro' })).toBeNull();
    expect(within(card('Pro')).getByRole('link', { name: 'Move down to Pro' }).getAttribute('href')).toBe('/user/account');
    const table = screen.getByRole('table', { name: 'Compare the plans' });
    expect(within(table).getByRole('link', { name: 'Move down to Pro' }).getAttribute('href')).toBe('/user/account');
    expect(within(table).queryAllByRole('link', { name: /^Choose/ })).toHaveLength(0);
  });

  it('offers a Platinum member the higher plans to choose, and no lower plan', async () => {
    setup(testMember('primary', 'platinum'));
    await screen.findByRole('link', { name: 'Manage your plan' });
    expect(within(card('Pro Plus')).getByRole('link', { name: 'Choose Pro Plus' }).getAttribute('href')).toBe('/subscribe/pro-plus');
    expect(screen.queryAllByRole('link', { name: /^Move down/ })).toHaveLength(0);
    const table = screen.getByRole('table', { name: 'Compare the plans' });
    expect(within(table).getByRole('link', { name: 'Choose Pro Plus' }).getAttribute('href')).toBe('/subscribe/pro-plus');
  });

  it('offers every plan to a visitor, none marked as theirs', async () => {
    setup(null);
    await screen.findByRole('heading', { name: 'Pro Plus' });
    expect(within(card('Pro Plus')).getByRole('link', { name: 'Choose Pro Plus' })).toBeTruthy();
    expect(screen.queryByText('Your plan')).toBeNull();
  });
});
