import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { MatchkitValidationError } from '../errors';
import { exchangeProviderSchema, exchangeSchema, type EntitledUser } from '../model';
import { enabledExchanges, exchangeProviders, exchanges, providerSupports, type ProviderKey } from '../exchanges';

// Expected values are from the product spec, sections 3 and 9.

const ALL_SIX = ['account', 'oddsmatching', '2upStandard', '2upMaster', 'extraPlaceMaster', 'extraPlaceCatcher'];

const user = (...codes: string[]): EntitledUser => ({ capabilities: codes, additionalCapabilities: [] });

describe('exchanges', () => {
  it('lists matchbook, betdaq, smarkets and betfair enabled by default and betconnect off', () => {
    expect(Object.fromEntries(exchanges.map((e) => [e.name, e.enabledByDefault]))).toEqual({
      matchbook: true,
      betdaq: true,
      smarkets: true,
      betfair: true,
      betconnect: false,
    });
  });

  it('gives every exchange the spec fields and integrations for most of them', () => {
    for (const e of exchanges) expect(v.safeParse(exchangeSchema, e).success).toBe(true);
    const withIntegration = exchanges.filter((e) => e.hasIntegration).length;
    expect(withIntegration).toBeGreaterThan(exchanges.length / 2);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(exchanges)).toBe(true);
    for (const e of exchanges) expect(Object.isFrozen(e)).toBe(true);
  });
});

describe('exchangeProviders (the static table of spec section 3)', () => {
  const keys: ProviderKey[] = ['matchbook', 'smarkets', 'betconnect', 'betfair'];

  it('is keyed by matchbook, smarkets, betconnect and betfair', () => {
    expect(Object.keys(exchangeProviders).sort()).toEqual([...keys].sort());
  });

  it.each(keys)('%s: url is the lower-case key and the entry is valid', (key) => {
    const p = exchangeProviders[key];
    expect(p.url).toBe(key.toLowerCase());
    expect(v.safeParse(exchangeProviderSchema, p).success).toBe(true);
  });

  it.each([
    ['matchbook', 'matchbookexchange'],
    ['smarkets', 'smarketsexchange'],
    ['betconnect', 'betconnectexchange'],
    ['betfair', 'betfairexchange'],
  ] as const)('%s has apiName %s', (key, apiName) => {
    expect(exchangeProviders[key].apiName).toBe(apiName);
  });

  it.each(['matchbook', 'smarkets'] as const)('%s has codes for all six capability keys', (key) => {
    const caps = exchangeProviders[key].capabilities;
    expect(Object.keys(caps).sort()).toEqual([...ALL_SIX].sort());
    for (const k of ALL_SIX) expect(caps[k as keyof typeof caps]?.length ?? 0).toBeGreaterThan(0);
  });

  it('betconnect has codes for account, oddsmatching and both extra place keys, and empty 2UP lists', () => {
    const caps = exchangeProviders.betconnect.capabilities;
    expect(Object.keys(caps).sort()).toEqual([...ALL_SIX].sort());
    for (const k of ['account', 'oddsmatching', 'extraPlaceMaster', 'extraPlaceCatcher'] as const) {
      expect(caps[k]?.length ?? 0).toBeGreaterThan(0);
    }
    expect(caps['2upStandard']).toEqual([]);
    expect(caps['2upMaster']).toEqual([]);
  });

  it('betfair has codes for account only, four empty lists and no 2upStandard key', () => {
    const caps = exchangeProviders.betfair.capabilities;
    expect(caps.account?.length ?? 0).toBeGreaterThan(0);
    for (const k of ['oddsmatching', '2upMaster', 'extraPlaceMaster', 'extraPlaceCatcher'] as const) {
      expect(caps).toHaveProperty([k], []);
    }
    expect('2upStandard' in caps).toBe(false);
    expect(Object.keys(caps)).toHaveLength(5);
  });

  it('holds PA-CAP-nnn codes only', () => {
    for (const key of keys) {
      for (const list of Object.values(exchangeProviders[key].capabilities)) {
        for (const c of list ?? []) expect(c).toMatch(/^PA-CAP-\d{3}$/);
      }
    }
  });

  it('uses the spec codes of the features it unlocks', () => {
    const caps = exchangeProviders.matchbook.capabilities;
    expect(caps.oddsmatching).toContain('PA-CAP-006');
    expect(caps['2upStandard']).toEqual(['PA-CAP-067']);
    expect(caps['2upMaster']).toEqual(['PA-CAP-040']);
    expect(caps.extraPlaceMaster).toEqual(['PA-CAP-039']);
    expect(caps.extraPlaceCatcher).toEqual(['PA-CAP-061']);
  });

  it.each([
    ['matchbook', ['extraPlaceMaster', 'extraPlaceCatcher'], []],
    ['smarkets', ['extraPlaceMaster', 'extraPlaceCatcher'], []],
    ['betconnect', [], ['extraPlaceMaster', 'extraPlaceCatcher']],
    ['betfair', [], []],
  ] as const)('%s: lay the place %j, lock bet %j', (key, layThePlace, lockBet) => {
    expect(exchangeProviders[key].isLayThePlaceBetProvided).toEqual(layThePlace);
    expect(exchangeProviders[key].isLockBetProvided).toEqual(lockBet);
  });

  it('is frozen down to the code lists', () => {
    expect(Object.isFrozen(exchangeProviders)).toBe(true);
    for (const key of keys) {
      const p = exchangeProviders[key];
      expect(Object.isFrozen(p)).toBe(true);
      expect(Object.isFrozen(p.capabilities)).toBe(true);
      expect(Object.isFrozen(p.isLockBetProvided)).toBe(true);
      expect(Object.isFrozen(p.isLayThePlaceBetProvided)).toBe(true);
      for (const list of Object.values(p.capabilities)) expect(Object.isFrozen(list)).toBe(true);
    }
  });
});

describe('providerSupports', () => {
  it('is true when the provider lists a code the member holds', () => {
    expect(providerSupports(exchangeProviders.betconnect, 'extraPlaceMaster', user('PA-CAP-039'))).toBe(true);
    expect(providerSupports(exchangeProviders.matchbook, '2upStandard', user('PA-CAP-067'))).toBe(true);
    expect(
      providerSupports(exchangeProviders.smarkets, 'extraPlaceCatcher', {
        capabilities: [],
        additionalCapabilities: ['PA-CAP-061'],
      }),
    ).toBe(true);
  });

  it('is false for an empty list, whatever the member holds', () => {
    const everything = user('PA-CAP-006', 'PA-CAP-007', 'PA-CAP-067', 'PA-CAP-040', 'PA-CAP-039', 'PA-CAP-061');
    expect(providerSupports(exchangeProviders.betconnect, '2upStandard', everything)).toBe(false);
    expect(providerSupports(exchangeProviders.betconnect, '2upMaster', everything)).toBe(false);
    expect(providerSupports(exchangeProviders.betfair, 'extraPlaceMaster', everything)).toBe(false);
  });

  it('is false for a missing key (betfair 2upStandard)', () => {
    expect(providerSupports(exchangeProviders.betfair, '2upStandard', user('PA-CAP-067'))).toBe(false);
  });

  it('is false when the member holds none of the codes', () => {
    expect(providerSupports(exchangeProviders.matchbook, 'extraPlaceMaster', user('PA-CAP-061'))).toBe(false);
    expect(providerSupports(exchangeProviders.matchbook, 'account', user())).toBe(false);
  });

  it('rejects a member without capability lists', () => {
    const bad = { capabilities: 'PA-CAP-039' } as unknown as EntitledUser;
    expect(() => providerSupports(exchangeProviders.betconnect, 'extraPlaceMaster', bad)).toThrow(MatchkitValidationError);
  });
});

describe('enabledExchanges', () => {
  const names = (settings?: Record<string, boolean>) => enabledExchanges(settings).map((e) => e.name);

  it('returns the default-on exchanges without settings', () => {
    expect(names().sort()).toEqual(['betdaq', 'betfair', 'matchbook', 'smarkets']);
    expect(names({}).sort()).toEqual(['betdaq', 'betfair', 'matchbook', 'smarkets']);
  });

  it('lets a member turn betconnect on and betfair off', () => {
    expect(names({ betconnect: true, betfair: false }).sort()).toEqual(['betconnect', 'betdaq', 'matchbook', 'smarkets']);
  });

  it('can turn every exchange off', () => {
    expect(names(Object.fromEntries(exchanges.map((e) => [e.name, false])))).toEqual([]);
  });

  it('ignores unknown names and inherited keys', () => {
    expect(names({ pinnacle: true, toString: true }).sort()).toEqual(['betdaq', 'betfair', 'matchbook', 'smarkets']);
  });

  it('keeps the exchange objects and their order', () => {
    const enabled = enabledExchanges({ betconnect: true });
    expect(enabled).toEqual(exchanges.filter((e) => enabled.includes(e)));
    expect(enabled).toHaveLength(5);
  });
});
