import { exchangeProviders, exchanges } from '@matchkit/sdk/exchanges';

/** Query.exchanges: the exchanges with their defaults. */
export function exchangeList() {
  return exchanges;
}

/** Query.exchangeProviders: the static provider table, features as a list. */
export function providerList() {
  return Object.values(exchangeProviders).map((p) => ({
    ...p,
    capabilities: Object.entries(p.capabilities).map(([feature, codes]) => ({ feature, codes })),
  }));
}
