// Names as different providers spell them, reduced to one form so that the combiner can tell that
// "Man Utd", "Manchester United FC" and "MANCHESTER UNITED" are one team, and "The Draw" and "Draw"
// one runner. The rule (docs/feed.md, "Matching events across sources"):
//
//   1. a trailing country code in brackets is dropped ("Galopin Des Champs (IRE)": a horse's bred-in);
//   2. accents are removed (Unicode NFKD, combining marks dropped): "Atlético" → "atletico";
//   3. lower case; "&" becomes "and";
//   4. every other character that is not a letter or a digit becomes a space;
//   5. the club words FC, AFC, CF and SC are dropped where they stand alone at the start or the end
//      ("AFC Bournemouth", "Arsenal FC"), unless nothing else would be left;
//   6. spaces collapse to one;
//   7. the alias table maps the result onto one spelling ("man utd" → "manchester united").
//
// The alias table is checked when it is built: an alias whose target is itself an alias, or one
// alias with two targets, is refused, so applying the table once is all it takes (no chains).
import { MatchkitValidationError } from '@matchkit/sdk/errors';

/** How many spellings a name rule remembers before it starts again. */
const MEMO_SIZE = 50_000;

/** Words dropped at the start or end of a team's name (club suffixes and prefixes). */
const CLUB_WORDS = new Set(['fc', 'afc', 'cf', 'sc']);

/**
 * Aliases every combiner knows: the draw's two spellings, and a few team names the UK's bookmakers
 * and exchanges shorten. A deployment adds its own (`FEED_ALIASES`).
 */
export const DEFAULT_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  'The Draw': 'Draw',
  'Man Utd': 'Manchester United',
  'Man United': 'Manchester United',
  'Man City': 'Manchester City',
  Spurs: 'Tottenham Hotspur',
  Tottenham: 'Tottenham Hotspur',
  Wolves: 'Wolverhampton Wanderers',
  Wolverhampton: 'Wolverhampton Wanderers',
  'Nottm Forest': 'Nottingham Forest',
  "Nott'm Forest": 'Nottingham Forest',
  'Sheff Utd': 'Sheffield United',
  'Sheffield Utd': 'Sheffield United',
  'Sheff Wed': 'Sheffield Wednesday',
  'West Brom': 'West Bromwich Albion',
  Brighton: 'Brighton and Hove Albion',
  Newcastle: 'Newcastle United',
  'Newcastle Utd': 'Newcastle United',
  'Leeds Utd': 'Leeds United',
  'West Ham': 'West Ham United',
  QPR: 'Queens Park Rangers',
});

/** The name reduced by steps 1 to 6 (no aliases). */
export function baseName(name: string): string {
  const words = name
    .replace(/\s*\([A-Za-z]{2,3}\)\s*$/, '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '');
  while (words.length > 1 && CLUB_WORDS.has(words[words.length - 1] as string)) words.pop();
  while (words.length > 1 && CLUB_WORDS.has(words[0] as string)) words.shift();
  return words.join(' ');
}

/** Normalises names with an alias table (see the file's header for the rule). */
export interface NameRule {
  /** The one spelling of a name: steps 1 to 7. */
  normalise(name: string): string;
  /** The normalised name as an id part: words joined by dashes (`manchester-united`). */
  slug(name: string): string;
}

/**
 * The name rule with `aliases` (display spelling → display spelling) on top of {@link DEFAULT_ALIASES}
 * (an alias spelled as a built-in one replaces it; mapping a name to itself removes it).
 *
 * @throws MatchkitValidationError naming `aliases` when an alias is empty, chains to another alias
 * or has two targets
 */
export function createNameRule(aliases: Readonly<Record<string, string>> = {}): NameRule {
  const table = new Map<string, string>();
  const spelled = new Map<string, string>();
  const issues: { path: string; message: string }[] = [];
  for (const [from, to] of Object.entries({ ...DEFAULT_ALIASES, ...aliases })) {
    const a = baseName(from);
    const b = baseName(to);
    if (a === '' || b === '') {
      issues.push({ path: `aliases.${from}`, message: 'must map a name with letters or digits to another' });
      continue;
    }
    if (a === b) continue;
    const earlier = table.get(a);
    if (earlier !== undefined && earlier !== b)
      issues.push({ path: `aliases.${from}`, message: `maps "${a}" to "${b}", but another alias maps it to "${earlier}"` });
    table.set(a, b);
    spelled.set(a, from);
  }
  for (const [from, to] of table)
    if (table.has(to))
      issues.push({
        path: `aliases.${spelled.get(from) ?? from}`,
        message: `maps to "${to}", which is itself an alias: name the final spelling`,
      });
  if (issues.length > 0) throw new MatchkitValidationError('feed name aliases', issues);
  // Names repeat at every book (the same teams, runners and bookmakers' sides): remembered, with
  // the memory bounded (cleared when it grows past MEMO_SIZE names).
  const memo = new Map<string, string>();
  const normalise = (name: string) => {
    let known = memo.get(name);
    if (known === undefined) {
      const base = baseName(name);
      known = table.get(base) ?? base;
      if (memo.size >= MEMO_SIZE) memo.clear();
      memo.set(name, known);
    }
    return known;
  };
  return { normalise, slug: (name) => normalise(name).replace(/ /g, '-') };
}
