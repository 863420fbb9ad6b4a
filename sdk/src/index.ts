/**
 * `@matchkit/sdk`: a headless, framework-agnostic TypeScript SDK for matched-betting subscription
 * products. Every name here is also available from its subpath (`@matchkit/sdk/brands`,
 * `@matchkit/sdk/entitlements`, ...); import from the subpath to ship only what you use.
 *
 * @packageDocumentation
 */
export * from './errors/index';
export * from './model/index';
export * from './brands/index';
export * from './entitlements/index';
export * from './sales/index';
export * from './exchanges/index';
export * from './casino/index';
export * from './integrations/index';
export * from './notifications/index';
export * from './analytics/index';
export * from './push/index';
export * from './offline/index';
export * from './accounts/index';
export * from './transport/index';
export * from './calculators/index';
export * from './matching/index';
export * from './tracker/index';
export * from './billing/index';
export * from './referrals/index';
export * from './feed/index';
