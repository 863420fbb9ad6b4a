import { describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { isAppPath } from './routes';

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
