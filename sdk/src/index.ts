/**
 * `@matchkit/sdk`: a headless, framework-agnostic TypeScript SDK for matched-betting subscription
 * products.
 *
 * The root holds the names most users need, from seven subpaths: the error union and its guards
 * (`@matchkit/sdk/errors`), the shared value types (`/model`), the brand catalogues (`/brands`),
 * entitlements (`/entitlements`), sales (`/sales`), exchanges (`/exchanges`) and the calculators
 * (`/calculators`), plus the `ReadableStore` shape every stateful object shares. Everything else is
 * imported from its own subpath: `/transport`, `/feed`, `/matching`, `/tracker`, `/billing`,
 * `/referrals`, `/casino`, `/accounts`, `/integrations`, `/notifications`, `/analytics`, `/push`,
 * `/offline`, `/calculators/schemas`, `/calculators/registry` and `/element`. Importing from a subpath ships only what you
 * use, root names included.
 *
 * @packageDocumentation
 */
export * from './errors/index';
export * from './model/index';
export * from './brands/index';
export * from './entitlements/index';
export * from './sales/index';
export * from './exchanges/index';
export * from './calculators/index';
export type { ReadableStore } from './internal/store';
