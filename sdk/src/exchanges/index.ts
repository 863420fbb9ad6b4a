/**
 * The exchanges (with their default on/off state), the static exchange provider table and the
 * bookmakers of the catalogue.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/exchanges
 */
export { exchanges, exchangeProviders, providerSupports, enabledExchanges, type ProviderKey } from './exchanges';
export { bookmakers, type Bookmaker } from './bookmakers';
