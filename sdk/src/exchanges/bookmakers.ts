// The bookmakers of the reference catalogue: the accounts a member backs at, by key and display name.
// Every name is fictional (the simulated odds feed prices the first six; the offers name the others).

/**
 * A bookmaker of the catalogue: its key (lower-case words joined by `-`, as the odds feed and the
 * tracker's legs name it) and the name members read.
 *
 * @example
 * ```ts
 * import type { Bookmaker } from '@matchkit/sdk/exchanges';
 * const label = (b: Bookmaker) => b.displayName;
 * ```
 */
export interface Bookmaker {
  /** The key, for example `alder-bet`. */
  readonly name: string;
  /** The name shown to members, for example `Alder Bet`. */
  readonly displayName: string;
}

/**
 * The bookmakers of the catalogue, in alphabetical order of key. All of them are fictional: the
 * odds feed the example app simulates prices `alder-bet` to `rowan-bet`, its offers name the rest.
 *
 * @example
 * ```ts
 * import { bookmakers } from '@matchkit/sdk/exchanges';
 * bookmakers.find((b) => b.name === 'alder-bet')?.displayName; // 'Alder Bet'
 * ```
 */
export const bookmakers: readonly Bookmaker[] = Object.freeze(
  (
    [
      ['alder-bet', 'Alder Bet'],
      ['ashvale-bet', 'Ashvale Bet'],
      ['birch-bet', 'Birch Bet'],
      ['brindle-casino', 'Brindle Casino'],
      ['cedar-bet', 'Cedar Bet'],
      ['elm-bet', 'Elm Bet'],
      ['ferncastle-sports', 'Ferncastle Sports'],
      ['hazel-bet', 'Hazel Bet'],
      ['kittiwake-sports', 'Kittiwake Sports'],
      ['marrowby-bet', 'Marrowby Bet'],
      ['oakhollow-casino', 'Oakhollow Casino'],
      ['pellmore-sports', 'Pellmore Sports'],
      ['quillon-casino', 'Quillon Casino'],
      ['rowan-bet', 'Rowan Bet'],
      ['tamberlin-bet', 'Tamberlin Bet'],
      ['wrenfield-bet', 'Wrenfield Bet'],
    ] as const
  ).map(([name, displayName]) => Object.freeze({ name, displayName })),
);
