// The error of a mutation's payload (the platform schema's MutationError).
export interface PayloadError {
  /** The schema's ErrorCode (BAD_INPUT, CONFLICT, RATE_LIMITED, ...). */
  readonly code: string;
  /** A sentence a person can act on. */
  readonly message: string;
  /** The input path of the bad value (`input.email`, `email`, ...), or null for the whole form. */
  readonly field: string | null;
}
