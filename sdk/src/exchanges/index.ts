/**
 * The exchanges (with their default on/off state) and the static exchange provider table.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/exchanges
 */
export { exchanges, exchangeProviders, providerSupports, enabledExchanges, type ProviderKey } from './exchanges';
