// How the feed's keys read to a member in a select, a table or a push (the web app and the
// server say them alike): a sport or a bookmaker by its
// words ("horse-racing" is "Horse racing", "alder-bet" is "Alder Bet"), a market type by the
// feed's own market name. The value sent stays the key; only the label is words.

const words = (key: string) => key.split(/[-_]+/).filter((w) => w !== '');

/** A sport's key as words, first letter capital: `horse-racing` is `Horse racing`. */
export function sportLabel(key: string): string {
  const text = words(key).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A bookmaker's or exchange's key as its name, each word capitalised: `alder-bet` is `Alder Bet`. */
export function accountLabel(key: string): string {
  return words(key)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** A market type by the name the feed gives its markets (`over-under-2-5` is `Over/Under 2.5 Goals`), else its words. */
export function marketLabel(type: string, names: Readonly<Record<string, string>>): string {
  return names[type] ?? sportLabel(type);
}
