// Which account of the member's books a name written on a leg, an entry or an account means: the
// catalogue's bookmakers and exchanges by their keys (whatever the case, the spaces or the hyphens
// it is written with), any other name by its words in lower case.
import { bookmakers } from '../exchanges/bookmakers';
import { exchanges } from '../exchanges/list';

/**
 * An account of the member's books as {@link bookAccount} reads a name: the key the tracker
 * matches it by, the name to show, and its kind.
 *
 * @example
 * ```ts
 * import type { BookAccount } from '@matchkit/sdk/tracker';
 * const label = (a: BookAccount) => a.displayName;
 * ```
 */
export interface BookAccount {
  /** The key: the catalogue's key (`smarkets`, `alder-bet`), else the name's words in lower case joined by `-`. */
  readonly key: string;
  /** The catalogue's display name (`Smarkets`, `Alder Bet`), else the name as written, trimmed. */
  readonly displayName: string;
  /** `exchange` for an exchange of the catalogue, else `bookmaker`. */
  readonly kind: 'bookmaker' | 'exchange';
  /** True when the name is one of the catalogue's bookmakers or exchanges. */
  readonly listed: boolean;
}

/** Letters and digits only, in lower case: `Alder Bet`, `alder-bet` and `ALDERBET` compare equal. */
const compact = (name: string): string =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

let catalogue: Map<string, BookAccount> | undefined;

function listed(): Map<string, BookAccount> {
  if (catalogue === undefined) {
    catalogue = new Map();
    const add = (key: string, displayName: string, kind: BookAccount['kind']) => {
      const account = Object.freeze({ key, displayName, kind, listed: true });
      for (const spelling of [key, displayName]) if (!catalogue?.has(compact(spelling))) catalogue?.set(compact(spelling), account);
    };
    for (const e of exchanges) add(e.name, e.displayName, 'exchange');
    for (const b of bookmakers) add(b.name, b.displayName, 'bookmaker');
  }
  return catalogue;
}

/**
 * Reads the name of a bookmaker or exchange account as the balance sheet matches it. A name of the
 * catalogue (an exchange of `exchanges` or a bookmaker of `bookmakers` from
 * `@matchkit/sdk/exchanges`, by its key or its display name, in any case, with or without spaces and
 * hyphens) is that account: `Smarkets`, `smarkets` and `SMARKETS` are one exchange. Any other name is
 * keyed by its words in lower case (`Bet Co`, `bet-co` and `BET CO` are one bookmaker, shown as
 * first written).
 *
 * @param name - the account's name as a leg, an entry or an account writes it
 * @returns its key, display name and kind
 *
 * @example
 * ```ts
 * import { bookAccount } from '@matchkit/sdk/tracker';
 * bookAccount('Smarkets').key; // 'smarkets'
 * bookAccount('alder-bet').displayName; // 'Alder Bet'
 * bookAccount('Bet Co').key; // 'bet-co'
 * ```
 */
export function bookAccount(name: string): BookAccount {
  const found = listed().get(compact(name));
  if (found !== undefined) return found;
  return { key: accountWords(name), displayName: name.trim(), kind: 'bookmaker', listed: false };
}

/**
 * A name's words in lower case joined by `-` (`Bet Co` is `bet-co`; a name without letters or
 * digits, trimmed and in lower case): the key of a name the catalogue does not list. Match accounts
 * by {@link bookAccount}'s key, never by this alone: `BetConnect` and `Bet Connect` have different
 * words but are one exchange of the catalogue.
 */
export function accountWords(name: string): string {
  const words = name
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  return words.length === 0 ? name.trim().toLowerCase() : words.join('-');
}
