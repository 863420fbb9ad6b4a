// The platform schema's scalars. Pence: a whole number of pence, within ±MAX_PENCE as an argument
// (any exact integer as a result: a bet of several legs settles beyond MAX_PENCE). DateTime: an
// ISO 8601 date-time with an explicit offset in, a UTC ISO string out (from a Date or epoch ms).
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { MAX_PENCE } from '@matchkit/sdk/tracker';

const ISO_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|([+-])(\d{2}):(\d{2}))$/;

/** Whether the date, time and offset fields name a real calendar instant (no 31 February, no 24:00, offsets within ±18:00). */
function realFields(m: RegExpExecArray): boolean {
  const [y, mo, d, h, mi, se = '0'] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((x) => (x === undefined ? undefined : Number(x)));
  if (y === undefined || mo === undefined || d === undefined || h === undefined || mi === undefined) return false;
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return false;
  if (h > 23 || mi > 59 || Number(se) > 59) return false;
  if (m[8] !== undefined && (Number(m[9]) > 18 || Number(m[10]) > 59)) return false;
  return true;
}

function readPence(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw new GraphQLError(`Pence must be a whole number of pence, got ${JSON.stringify(value)}`);
  if (Math.abs(value) > MAX_PENCE) throw new GraphQLError(`Pence must be at most ${MAX_PENCE} in size, got ${value}`);
  return value;
}

/** A result: any whole number of pence a JavaScript number holds exactly (settled profits and totals may exceed MAX_PENCE). */
function writePence(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw new GraphQLError(`Pence must be a whole number of pence, got ${JSON.stringify(value)}`);
  return value;
}

function readDateTime(value: unknown): Date {
  const m = typeof value === 'string' ? ISO_WITH_OFFSET.exec(value) : null;
  if (m === null) {
    throw new GraphQLError(
      `DateTime must be an ISO 8601 date-time with an offset (2025-08-11T09:00:00+01:00), got ${JSON.stringify(value)}`,
    );
  }
  if (!realFields(m)) throw new GraphQLError(`DateTime ${JSON.stringify(value)} is not a real date and time`);
  const ms = Date.parse(value as string);
  if (!Number.isFinite(ms)) throw new GraphQLError(`DateTime ${JSON.stringify(value)} is not a real instant`);
  return new Date(ms);
}

/** Integer pence. */
export const PenceScalar = new GraphQLScalarType({
  name: 'Pence',
  serialize: writePence,
  parseValue: readPence,
  parseLiteral(ast) {
    if (ast.kind !== Kind.INT) throw new GraphQLError('Pence must be an integer literal');
    return readPence(Number(ast.value));
  },
});

/** An instant. Resolvers return a Date or epoch milliseconds; arguments arrive as Date. */
export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  serialize(value) {
    const ms =
      value instanceof Date
        ? value.getTime()
        : typeof value === 'number'
          ? value
          : typeof value === 'string'
            ? readDateTime(value).getTime()
            : Number.NaN;
    if (!Number.isFinite(ms)) throw new GraphQLError('DateTime cannot serialise a value that is not an instant');
    return new Date(ms).toISOString();
  },
  parseValue: readDateTime,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('DateTime must be a string literal');
    return readDateTime(ast.value);
  },
});
