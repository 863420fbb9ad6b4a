// What a person reads when a request fails: one sentence for each kind of the transport's error
// union, and the server's own message for a refusal (its codes are in the platform schema).
import { isTransportError, type GraphQLResponseError } from '@matchkit/sdk/transport';
import { isMatchkitError } from '@matchkit/sdk/errors';

const CODE_MESSAGES: Readonly<Record<string, string>> = {
  UNAUTHENTICATED: 'Please sign in to continue.',
  FORBIDDEN: 'Your plan does not include this. See the plans to unlock it.',
  NOT_FOUND: 'We could not find what you asked for.',
  RATE_LIMITED: 'Too many attempts. Please wait a minute and try again.',
  PAYMENT_FAILED: 'The payment did not go through. No money was taken.',
};

/**
 * The error of a mutation's `{ ok, error }` payload (the platform schema's `MutationError`):
 * `field` names the input path of the bad value (`input.email`, `email`, ...), or is null for the
 * whole form.
 */
export interface MutationError {
  /** The schema's ErrorCode (BAD_INPUT, CONFLICT, RATE_LIMITED, ...). */
  readonly code: string;
  /** A sentence a person can act on. */
  readonly message: string;
  /** The input path of the bad value, or null. */
  readonly field: string | null;
}

/** The `extensions.code` of the first GraphQL error, if any. */
export function errorCode(error: unknown): string | undefined {
  if (!isTransportError(error)) return undefined;
  const first: GraphQLResponseError | undefined = error.graphQLErrors[0];
  const code = first?.extensions?.['code'];
  return typeof code === 'string' ? code : undefined;
}

/** A clear message for any failure of a request; never empty, never a stack trace. */
export function describeError(error: unknown): string {
  if (isTransportError(error)) {
    switch (error.kind) {
      case 'network':
        return 'We could not reach the server. Check your connection and try again.';
      case 'aborted':
        return 'The request took too long and was stopped. Please try again.';
      case 'http':
        if (error.status === 429) return CODE_MESSAGES['RATE_LIMITED'] ?? '';
        if (error.status >= 500) return 'The server had a problem. Please try again in a moment.';
        return `The server refused the request (HTTP ${error.status}). Please reload the page.`;
      case 'parse':
      case 'malformed':
        return 'The server sent an answer we could not read. Please reload the page.';
      case 'graphql': {
        const code = errorCode(error);
        if (code !== undefined && CODE_MESSAGES[code] !== undefined) return CODE_MESSAGES[code];
        return 'The server could not do that. Please try again.';
      }
    }
  }
  if (isMatchkitError(error)) return error.message;
  return 'Something went wrong. Please reload the page.';
}
