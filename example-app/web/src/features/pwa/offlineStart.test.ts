import { describe, expect, it } from 'vitest';
import { BRAND_KEY, isOffline, rememberBrand, rememberedBrand, type StartHost } from './offlineStart';
import { STANDALONE_QUERY } from './offlineWorker';

function host({
  standalone = false,
  controller = null as unknown,
  onLine = true,
  stored = {} as Record<string, string>,
} = {}): StartHost & { stored: Record<string, string> } {
  return {
    stored,
    matchMedia: (q) => ({ matches: standalone && q === STANDALONE_QUERY }),
    navigator: { serviceWorker: { controller }, onLine },
    localStorage: {
      getItem: (k) => stored[k] ?? null,
      setItem: (k, v) => {
        stored[k] = v;
      },
    },
  };
}

describe('starting offline', () => {
  it('an installed app keeps the brand of its start, and starts with it later', () => {
    const h = host({ standalone: true });
    rememberBrand(h, 'secondary');
    expect(h.stored).toEqual({ [BRAND_KEY]: 'secondary' });
    expect(rememberedBrand(h)).toBe('secondary');
  });

  it('a page the offline worker controls keeps it too', () => {
    const h = host({ controller: {} });
    rememberBrand(h, 'primary');
    expect(rememberedBrand(h)).toBe('primary');
  });

  it('a normal tab stores nothing', () => {
    const h = host();
    rememberBrand(h, 'primary');
    expect(h.stored).toEqual({});
    expect(rememberedBrand(h)).toBeNull();
  });

  it('an unknown stored brand, or storage that throws, is no brand', () => {
    expect(rememberedBrand(host({ stored: { [BRAND_KEY]: 'tertiary' } }))).toBeNull();
    const broken = {
      ...host({ standalone: true }),
      localStorage: {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('full');
        },
      },
    };
    expect(() => rememberBrand(broken, 'primary')).not.toThrow();
    expect(rememberedBrand(broken)).toBeNull();
  });

  it('offline is what the browser says', () => {
    expect(isOffline(host({ onLine: false }))).toBe(true);
    expect(isOffline(host())).toBe(false);
  });
});
