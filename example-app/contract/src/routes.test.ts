import { describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { appPageOf, isAppPath } from './routes';

// Which addresses the server treats as pages of the app (200) and which as unknown (404).

describe('isAppPath', () => {
  it('accepts the fixed pages, with or without one trailing slash', () => {
    for (const path of ['/', '/pro', '/pro/', '/user/account', '/forum', '/welcome', '/advanced-calculators']) {
      expect(isAppPath(path), path).toBe(true);
    }
  });

  it('accepts any value of a parameter segment', () => {
    for (const path of ['/subscribe/starter', '/subscribe/anything', '/offers/a/b', '/guides/x', '/advanced-calculators/ev-calculator']) {
      expect(isAppPath(path), path).toBe(true);
    }
  });

  it('accepts an area that routes its own sub-pages (/admin/*) at any depth, without empty segments', () => {
    for (const path of ['/admin', '/admin/', '/admin/members', '/admin/members/u_1', '/admin/a/b/c'])
      expect(isAppPath(path), path).toBe(true);
    for (const path of ['/admin//x', '/admin/x//', '/administration']) expect(isAppPath(path), path).toBe(false);
  });

  it('accepts every tool slug of both catalogues, and no other single segment', () => {
    for (const id of ['primary', 'secondary'] as const) {
      for (const tool of getBrand(id).tools.filter((t) => t.slug !== '')) expect(isAppPath(`/${tool.slug}`), tool.slug).toBe(true);
    }
    expect(isAppPath('/no-such-page')).toBe(false);
  });

  it('refuses paths of the wrong depth, empty segments and unknown prefixes', () => {
    for (const path of ['/user', '/user/nothing', '/pro/extra', '/subscribe', '/subscribe/a/b', '/offers//x', 'pro', '/oddsmatching/x']) {
      expect(isAppPath(path), path).toBe(false);
    }
  });
});

describe('appPageOf', () => {
  it('names a page by its route, a tool page by its own path, and nothing outside the app', () => {
    expect(appPageOf('/guides/lay-betting-explained')).toBe('/guides/:slug');
    expect(appPageOf('/user/account/receipts/r_123/')).toBe('/user/account/receipts/:id');
    expect(appPageOf('/pro/')).toBe('/pro');
    const tool = getBrand('primary').tools.find((t) => t.slug !== '');
    expect(appPageOf(`/${tool?.slug}`)).toBe(`/${tool?.slug}`);
    expect(appPageOf('/no-such-page')).toBeNull();
    expect(appPageOf('pro')).toBeNull();
  });

  it('agrees with isAppPath on every address', () => {
    for (const path of ['/', '/x', '/pro', '/offers/a/b', '/offers/a', '/user/alerts', '//', '/guides/']) {
      expect(appPageOf(path) !== null, path).toBe(isAppPath(path));
    }
  });
});
