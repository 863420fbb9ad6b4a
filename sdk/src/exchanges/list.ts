// The exchanges list on its own, so that a reader of names (the tracker's bookAccount) does not
// bring the provider table with it.
import type { Exchange } from '../model/schemas';

/**
 * The exchanges a member can lay at (spec section 3 and 9). matchbook, betdaq, smarkets and
 * betfair are enabled by default; betconnect is off by default.
 *
 * @example
 * ```ts
 * import { exchanges } from '@matchkit/sdk/exchanges';
 * exchanges.filter((e) => e.enabledByDefault).map((e) => e.name);
 * // ['matchbook', 'betdaq', 'smarkets', 'betfair']
 * ```
 */
export const exchanges: readonly Exchange[] = Object.freeze(
  [
    { name: 'matchbook', displayName: 'Matchbook', hasIntegration: true, enabledByDefault: true },
    { name: 'betdaq', displayName: 'Betdaq', hasIntegration: true, enabledByDefault: true },
    { name: 'smarkets', displayName: 'Smarkets', hasIntegration: true, enabledByDefault: true },
    { name: 'betfair', displayName: 'Betfair', hasIntegration: true, enabledByDefault: true },
    { name: 'betconnect', displayName: 'BetConnect', hasIntegration: false, enabledByDefault: false },
  ].map((e) => Object.freeze({ ...e, imageSrc: `/images/exchanges/${e.name}.svg` })),
);
