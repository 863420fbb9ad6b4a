import type { EntitledUser, Exchange, ExchangeProvider, ProviderFeature } from '../model/schemas';
import { hasCapability } from '../entitlements/entitlements';
import { exchanges } from './list';

export { exchanges };

const ODDSMATCHING = ['PA-CAP-006', 'PA-CAP-007'];
const ACCOUNT = ['PA-CAP-006'];
const TWO_UP_STANDARD = ['PA-CAP-067'];
const TWO_UP_MASTER = ['PA-CAP-040'];
const EXTRA_PLACE_MASTER = ['PA-CAP-039'];
const EXTRA_PLACE_CATCHER = ['PA-CAP-061'];
const EXTRA_PLACE: ProviderFeature[] = ['extraPlaceMaster', 'extraPlaceCatcher'];

function provider(p: ExchangeProvider): ExchangeProvider {
  return Object.freeze({
    ...p,
    capabilities: Object.freeze(Object.fromEntries(Object.entries(p.capabilities).map(([k, v]) => [k, Object.freeze([...(v ?? [])])]))),
    isLockBetProvided: Object.freeze([...p.isLockBetProvided]),
    isLayThePlaceBetProvided: Object.freeze([...p.isLayThePlaceBetProvided]),
  });
}

/**
 * The static exchange provider table of spec section 3, keyed by provider key. `url` equals the
 * lower-case key. Each capability key is present or absent exactly as the spec's table says
 * (betconnect has empty 2UP lists; betfair has codes for `account` only, empty lists for four
 * features and no `2upStandard` key). `isLayThePlaceBetProvided` and `isLockBetProvided` list the
 * features for which the provider offers a place market or a locked hedge.
 *
 * @example
 * ```ts
 * import { exchangeProviders } from '@matchkit/sdk/exchanges';
 * exchangeProviders.smarkets.apiName; // 'smarketsexchange'
 * '2upStandard' in exchangeProviders.betfair.capabilities; // false
 * ```
 */
export const exchangeProviders: {
  /** Matchbook: every feature; lay the place for extra places. */
  readonly matchbook: ExchangeProvider;
  /** Smarkets: every feature; lay the place for extra places. */
  readonly smarkets: ExchangeProvider;
  /** BetConnect: no 2UP; lock bets for extra places. */
  readonly betconnect: ExchangeProvider;
  /** Betfair: account only. */
  readonly betfair: ExchangeProvider;
} = Object.freeze({
  matchbook: provider({
    name: 'matchbook',
    apiName: 'matchbookexchange',
    displayName: 'Matchbook',
    url: 'matchbook',
    capabilities: {
      account: ACCOUNT,
      oddsmatching: ODDSMATCHING,
      '2upStandard': TWO_UP_STANDARD,
      '2upMaster': TWO_UP_MASTER,
      extraPlaceMaster: EXTRA_PLACE_MASTER,
      extraPlaceCatcher: EXTRA_PLACE_CATCHER,
    },
    isLockBetProvided: [],
    isLayThePlaceBetProvided: EXTRA_PLACE,
  }),
  smarkets: provider({
    name: 'smarkets',
    apiName: 'smarketsexchange',
    displayName: 'Smarkets',
    url: 'smarkets',
    capabilities: {
      account: ACCOUNT,
      oddsmatching: ODDSMATCHING,
      '2upStandard': TWO_UP_STANDARD,
      '2upMaster': TWO_UP_MASTER,
      extraPlaceMaster: EXTRA_PLACE_MASTER,
      extraPlaceCatcher: EXTRA_PLACE_CATCHER,
    },
    isLockBetProvided: [],
    isLayThePlaceBetProvided: EXTRA_PLACE,
  }),
  betconnect: provider({
    name: 'betconnect',
    apiName: 'betconnectexchange',
    displayName: 'BetConnect',
    url: 'betconnect',
    capabilities: {
      account: ACCOUNT,
      oddsmatching: ODDSMATCHING,
      '2upStandard': [],
      '2upMaster': [],
      extraPlaceMaster: EXTRA_PLACE_MASTER,
      extraPlaceCatcher: EXTRA_PLACE_CATCHER,
    },
    isLockBetProvided: EXTRA_PLACE,
    isLayThePlaceBetProvided: [],
  }),
  betfair: provider({
    name: 'betfair',
    apiName: 'betfairexchange',
    displayName: 'Betfair',
    url: 'betfair',
    capabilities: {
      account: ACCOUNT,
      oddsmatching: [],
      '2upMaster': [],
      extraPlaceMaster: [],
      extraPlaceCatcher: [],
    },
    isLockBetProvided: [],
    isLayThePlaceBetProvided: [],
  }),
});

/**
 * A provider key of the static table.
 *
 * @example
 * ```ts
 * import type { ProviderKey } from '@matchkit/sdk/exchanges';
 * const key: ProviderKey = 'betconnect';
 * ```
 */
export type ProviderKey = keyof typeof exchangeProviders;

/**
 * True when a provider takes part in `feature` for this user: the feature's code list is present,
 * not empty, and the user holds one of its codes.
 *
 * @example
 * ```ts
 * import { exchangeProviders, providerSupports } from '@matchkit/sdk/exchanges';
 * const member = { capabilities: ['PA-CAP-039'], additionalCapabilities: [] };
 * providerSupports(exchangeProviders.betconnect, 'extraPlaceMaster', member); // true
 * providerSupports(exchangeProviders.betfair, 'extraPlaceMaster', member); // false
 * ```
 */
export function providerSupports(provider: ExchangeProvider, feature: ProviderFeature, user: EntitledUser): boolean {
  const codes = provider.capabilities[feature];
  return codes !== undefined && codes.some((c) => hasCapability(user, c));
}

/**
 * The exchanges enabled for a member: their own settings where given (exchange name to on/off),
 * the defaults otherwise. Unknown names in `settings` are ignored.
 *
 * @example
 * ```ts
 * import { enabledExchanges } from '@matchkit/sdk/exchanges';
 * enabledExchanges({ betconnect: true, betfair: false }).map((e) => e.name);
 * // ['matchbook', 'betdaq', 'smarkets', 'betconnect']
 * ```
 */
export function enabledExchanges(settings: Readonly<Record<string, boolean>> = {}): Exchange[] {
  return exchanges.filter((e) => (Object.hasOwn(settings, e.name) ? settings[e.name] === true : e.enabledByDefault));
}
