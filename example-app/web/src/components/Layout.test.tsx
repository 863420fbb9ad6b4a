// The shell as a visitor and as a member see it: the main navigation's first link names what `/`
// is for them (a visitor has no dashboard), and the footer's 18+ mark is named by a role that
// may carry a name (aria-label on a <strong> or <span> without a role is not allowed).
import { cleanup, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { renderRouter } from '../testing/renderRouter';
import { Layout } from './Layout';

afterEach(cleanup);

const member = {
  uid: { global: 'm1', wordpress: null },
  firstName: 'Ada',
  lastName: 'Member',
  username: 'ada',
  email: 'ada@example.test',
  capabilities: [...grantedCapabilities(getBrand('primary'), 'platinum')],
  additionalCapabilities: [],
  subscription: null,
  billing: null,
  referAFriend: { referralCode: 'ABC123' },
  integrations: [],
};

function setup(me: unknown) {
  const transport: Pick<GraphQLClient, 'request'> = {
    request: (() => Promise.resolve({ data: { me, quickLinks: [] } })) as never,
  };
  renderRouter(createMemoryRouter([{ path: '/', element: <Layout>{<h1>Home</h1>}</Layout> }], { initialEntries: ['/'] }), transport);
}

describe('the shell', () => {
  it('names `/` "Home" for a visitor, who has no dashboard', async () => {
    setup(null);
    const main = screen.getByRole('navigation', { name: 'Main' });
    await screen.findByRole('link', { name: 'Sign in' });
    expect(within(main).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(main).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('names `/` "Dashboard" for a member', async () => {
    setup(member);
    await screen.findByRole('link', { name: 'Sign out' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
  });

  it('gives the 18+ mark a name through a role that allows one', async () => {
    setup(null);
    await screen.findByRole('link', { name: 'Sign in' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('img', { name: '18 plus' }).textContent).toBe('18+');
    // No element in the shell is named without a role that takes a name.
    const unnamed = [...document.querySelectorAll('[aria-label]')].filter(
      (el) => el.getAttribute('role') === null && ['STRONG', 'SPAN', 'DIV', 'P', 'B', 'EM'].includes(el.tagName),
    );
    expect(unnamed.map((el) => el.outerHTML)).toEqual([]);
  });
});
