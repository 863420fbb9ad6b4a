/**
 * A deeply read-only view of plain data. Catalogues and constants are frozen at runtime; this type
 * says so at compile time.
 *
 * @example
 * ```ts
 * import type { DeepReadonly } from '@matchkit/sdk/model';
 * const prices: DeepReadonly<{ monthly: number[] }> = { monthly: [3999] };
 * // prices.monthly.push(1); // type error
 * ```
 */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer U)[]
    ? readonly DeepReadonly<U>[]
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;
