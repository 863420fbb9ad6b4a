import { cleanup, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getBrand, type BrandId } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { renderRouter } from '../../testing/renderRouter';
import { HomePage } from './LandingPage';

// `/` for a visitor: the hero, each tool with its picture, the plans with the recommended one
// highlighted and the yearly saving, the catalogue's review counts and testimonials, and the 18+
// line; for a member: the dashboard instead.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The lower half of the page is a chunk of its own, which takes a moment to load in a test. */
const LAZY = { timeout: 10_000 };

function setup(brand: BrandId, me: unknown = null) {
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((req: { query: string }) =>
      String(req.query).includes('offers')
        ? Promise.resolve({ data: { offers: { nodes: [], pageInfo: { endCursor: null, hasNextPage: false } } } })
        : Promise.resolve({ data: { me, brand } })) as never,
  };
  renderRouter(createMemoryRouter([{ path: '/', element: <HomePage /> }], { initialEntries: ['/'] }), transport, brand);
}

const planCard = (label: string) =>
  screen.getAllByRole('listitem').find((li) => within(li).queryByRole('heading', { level: 3, name: label }) !== null) as HTMLElement;

describe('the landing page', () => {
  for (const id of ['primary', 'secondary'] as const) {
    const brand = getBrand(id);

    it(`${id}: a hero under the brand's name, with the trial and the plans one click away`, async () => {
      setup(id);
      await screen.findByRole('heading', { level: 1, name: brand.displayName });
      expect(screen.getByRole('link', { name: `Start your ${brand.onboarding.trialDays}-day free trial` }).getAttribute('href')).toBe(
        '/register',
      );
      expect(screen.getByRole('link', { name: 'See plans and prices' }).getAttribute('href')).toBe('/pro');
    });

    it(`${id}: each tool has a picture with its size, its words and (below the first screen) lazy loading`, async () => {
      setup(id);
      const tools = await screen.findByRole('region', { name: 'What each tool does' });
      const pictures = within(tools).getAllByRole('img');
      expect(pictures).toHaveLength(5);
      for (const img of pictures) {
        expect(img.getAttribute('src')).toMatch(new RegExp(`^/images/tools/${id}-[a-z]+-light\\.svg$`));
        expect(img.getAttribute('width')).toBe('480');
        expect(img.getAttribute('height')).toBe('300');
        expect(img.getAttribute('loading')).toBe('lazy');
        expect((img.getAttribute('alt') ?? '').length).toBeGreaterThan(40);
      }
      // The tools by the brand's own names.
      const title = (key: string) => brand.tools.find((t) => t.key === key)?.title ?? key;
      expect(within(tools).getByRole('heading', { level: 3, name: title('oddsmatcher') })).toBeTruthy();
      expect(tools.textContent).toContain(title('eachWayCatcher'));
    });

    it(`${id}: the reviews and testimonials are the catalogue's, and the 18+ line is there`, async () => {
      setup(id);
      const reviews = await screen.findByRole('region', { name: 'Reviews from members' }, LAZY);
      for (const n of brand.trustReviewCounts) expect(reviews.textContent).toContain(new Intl.NumberFormat('en-GB').format(n));
      for (const t of brand.testimonials) expect(screen.getByText(t.quote)).toBeTruthy();
      const responsible = screen.getByRole('region', { name: 'Gamble responsibly' });
      expect(responsible.textContent).toContain('18+ only.');
      expect(within(responsible).getByRole('link', { name: 'responsible gambling help' }).getAttribute('href')).toBe(
        '/responsible-gambling',
      );
      // No promised earnings anywhere on the page.
      expect(document.body.textContent).not.toMatch(/(make|earn) £|per month guaranteed|risk[- ]free/i);
    });
  }

  it("primary: Diamond, the catalogue's recommended plan, is the one highlighted, and yearly plans show their saving", async () => {
    setup('primary');
    await screen.findByRole('region', { name: 'Plans' }, LAZY);
    expect(screen.getAllByText('Recommended')).toHaveLength(1);
    expect(within(planCard('Diamond')).getByText('Recommended')).toBeTruthy();
    expect(within(planCard('Platinum')).queryByText('Recommended')).toBeNull();
    // By hand from the spec's prices: 12 x £39.99 = £479.88 less £350; 12 x £150 = £1,800 less £995.
    expect(planCard('Platinum').textContent).toContain('£350.00 a year (save £129.88 on paying monthly)');
    expect(planCard('Pro').textContent).toContain('£995.00 a year (save £805.00 on paying monthly)');
  });

  it('secondary: Advanced is highlighted, and no saving is claimed where a year costs more than twelve months', async () => {
    setup('secondary');
    await screen.findByRole('region', { name: 'Plans' }, LAZY);
    expect(within(planCard('Advanced')).getByText('Recommended')).toBeTruthy();
    expect(planCard('Starter').textContent).toContain('£249.99 a year');
    expect(screen.getByRole('region', { name: 'Plans' }).textContent).not.toMatch(/save £/);
  });

  it('downloads the plans, reviews and testimonials only when the visitor scrolls within a screen of them', async () => {
    const observers: { callback: IntersectionObserverCallback; options: IntersectionObserverInit | undefined }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, options });
        }
        observe() {}
        disconnect() {}
      },
    );
    setup('primary');
    await screen.findByRole('region', { name: 'What each tool does' });
    expect(screen.queryByRole('region', { name: 'Plans' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Reviews from members' })).toBeNull();
    // The footer-side line is there at once; the lower half waits for its place to come near.
    expect(screen.getByRole('region', { name: 'Gamble responsibly' })).toBeTruthy();
    expect(observers).toHaveLength(1);
    expect(observers[0]?.options?.rootMargin).toBe('100% 0px');
    act(() => observers[0]?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    await screen.findByRole('region', { name: 'Plans' }, LAZY);
    expect(screen.getByRole('region', { name: 'Reviews from members' })).toBeTruthy();
  });

  it('a member sees the dashboard instead, with the tools of their plan', async () => {
    const brand = getBrand('primary');
    setup('primary', {
      uid: { global: 'm1', wordpress: null },
      firstName: 'Ada',
      lastName: 'Member',
      username: 'ada',
      email: 'ada@example.test',
      capabilities: [...grantedCapabilities(brand, 'platinum')],
      additionalCapabilities: [],
      subscription: null,
      billing: null,
      referAFriend: { referralCode: 'ABC123' },
      integrations: [],
    });
    const tools = await screen.findByRole('region', { name: 'Your tools' }, { timeout: 10_000 });
    expect(within(tools).getByRole('link', { name: 'Oddsmatcher' }).getAttribute('href')).toBe('/oddsmatching');
    expect(screen.queryByRole('region', { name: 'What each tool does' })).toBeNull();
  });
});
