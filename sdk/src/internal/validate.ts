import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';

/** The part of a zod issue that matchkit reads. */
interface ZodLikeIssue {
  readonly code?: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly expected?: unknown;
  readonly input?: unknown;
  readonly received?: unknown;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly inclusive?: boolean;
  readonly format?: string;
  readonly values?: readonly unknown[];
  readonly keys?: readonly string[];
}

/** The part of a zod (or zod/mini) schema that validation needs. */
interface SafeParser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly ZodLikeIssue[] } };
}

function received(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'NaN';
  return typeof input;
}

/**
 * zod/mini ships no locale (that keeps it small), so its messages are a bare "Invalid input".
 * This turns an issue's code and details into a plain sentence; a message we set ourselves wins.
 */
function describe(issue: ZodLikeIssue): string {
  if (issue.message !== '' && issue.message !== 'Invalid input') return issue.message;
  switch (issue.code) {
    case 'invalid_type': {
      // zod reports what it got as `received` for a few values (NaN) and as `input` only when
      // asked to; say nothing rather than something wrong when neither is there.
      const got = typeof issue.received === 'string' ? issue.received : 'input' in issue ? received(issue.input) : undefined;
      return got === undefined ? `expected ${String(issue.expected)}` : `expected ${String(issue.expected)}, received ${got}`;
    }
    case 'too_small':
      return `must be ${issue.inclusive === false ? 'greater than' : 'at least'} ${String(issue.minimum)}`;
    case 'too_big':
      return `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${String(issue.maximum)}`;
    case 'invalid_format':
      return `must be a valid ${issue.format ?? 'value'}`;
    case 'invalid_value':
      return `must be one of ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown key(s): ${(issue.keys ?? []).join(', ')}`;
    case 'invalid_union':
      return 'does not match any allowed shape';
    case 'invalid_key':
      return 'has an invalid key';
    default:
      return 'is invalid';
  }
}

/** Turns zod issues into matchkit issues (dotted paths, one per problem). */
export function toIssues(issues: readonly ZodLikeIssue[]): ValidationIssue[] {
  return issues.map((i) => ({ path: i.path.map(String).join('.'), message: describe(i) }));
}

/**
 * Parses `input` with `schema`, throwing one {@link MatchkitValidationError} that lists every
 * problem when it does not conform.
 */
export function parseOrThrow<T>(schema: SafeParser<T>, input: unknown, subject: string): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new MatchkitValidationError(subject, toIssues(result.error.issues));
}

/** Recursively freezes plain data (objects and arrays) in place and returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
