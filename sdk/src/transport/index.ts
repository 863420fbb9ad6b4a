/**
 * The platform transport: a GraphQL-over-HTTP client with one error union (`aborted`, `network`,
 * `http`, `parse`, `malformed`, `graphql`), timeouts, aborts and jittered retries; the server-render
 * client of the auth service; graphql-transport-ws subscriptions with a connection-state store;
 * the REST calls (integrations, tracker totals); and the platform's typed operations, generated
 * from their .graphql documents against the server's schema.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/transport
 */
export {
  TransportError,
  isTransportError,
  TRANSPORT_ERROR_KINDS,
  type TransportErrorKind,
  type TransportErrorDetails,
  type GraphQLResponseError,
  type TransportFailure,
  type HttpFailure,
  type ParseFailure,
  type MalformedFailure,
  type GraphQLFailure,
  type NetworkFailure,
  type AbortedFailure,
} from './errors';
export { retryBackoffDelay, DEFAULT_TRANSPORT_BACKOFF, type RetryBackoffDelayOptions, type TransportBackoffOptions } from './backoff';
export {
  operationsOf,
  type OperationInfo,
  type OperationType,
  type GraphQLDocument,
  type TextDocument,
  type TypedDocumentString,
} from './document';
export type {
  TransportFetch,
  TransportRetryOptions,
  TransportRetryPolicy,
  TransportTimers,
  TransportOptions,
  TransportRequestOptions,
  InsecureTransportPolicy,
} from './http';
export {
  createGraphQLClient,
  createAuthServiceClient,
  type GraphQLClient,
  type GraphQLRequest,
  type GraphQLResult,
  type AuthServiceClientOptions,
} from './graphql-client';
export { graphqlRequest, type GraphQLRequestInit } from './request';
export {
  checkIntegrations,
  logoutIntegration,
  getTrackerTotals,
  getToolTrackerTotals,
  TRACKER_TOTALS_ENDPOINTS,
  INTEGRATION_STATUSES,
  type TrackerTotalsEndpoint,
  type TrackerTotals,
  type TrackerTotalsResponse,
  type TrackerTotalsRequestOptions,
  type IntegrationsCheck,
  type IntegrationLogout,
  type IntegrationStatusMap,
} from './rest';
export {
  createSubscriptionClient,
  createLeanSubscriptionClient,
  isFatalCloseCode,
  FATAL_CLOSE_CODES,
  TOKEN_EXPIRED_CLOSE_CODE,
  type ConnectionState,
  type SubscriptionClient,
  type SubscriptionClientOptions,
  type LeanSubscriptionClient,
  type LeanSubscriptionRequest,
  type SubscriptionResult,
  type SubscriptionSink,
} from './subscriptions';
export type { ReadableStore } from '../internal/store';
export type { Member } from './member';
export * from './generated/operations';
