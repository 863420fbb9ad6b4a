// A member's stored table choices as they are read back: a stored width outside its column's limits
// is brought within them, and a column the table no longer has is dropped, so a hand-edited or
// stale entry can neither draw a 1 px or 5000 px column nor keep a removed column's choice alive.
import { describe, expect, it } from 'vitest';
import { loadPreferences, preferencesKey, type TableStorage } from './preferences';

function storageWith(value: unknown): TableStorage {
  const text = JSON.stringify(value);
  return {
    getItem: (k) => (k === preferencesKey('bets', 'm1') ? text : null),
    setItem: () => undefined,
    removeItem: () => undefined,
  };
}

const columns = [
  { id: 'event', minWidth: 120, maxWidth: 480 },
  { id: 'odds', minWidth: 48, maxWidth: 960 },
];

describe('loadPreferences', () => {
  it('clamps each stored width to its column’s least and most width', () => {
    const prefs = loadPreferences(storageWith({ visibility: {}, widths: { event: 5000, odds: 1 } }), 'bets', 'm1', columns);
    expect(prefs.widths).toEqual({ event: 480, odds: 48 });
  });

  it('keeps a width within its limits as stored, rounded to a whole pixel', () => {
    const prefs = loadPreferences(storageWith({ visibility: {}, widths: { event: 200.4 } }), 'bets', 'm1', columns);
    expect(prefs.widths).toEqual({ event: 200 });
  });

  it('drops the widths and visibility of columns the table does not have', () => {
    const prefs = loadPreferences(
      storageWith({ visibility: { odds: false, gone: true }, widths: { gone: 300, odds: 100 } }),
      'bets',
      'm1',
      columns,
    );
    expect(prefs).toEqual({ visibility: { odds: false }, widths: { odds: 100 } });
  });

  it('reads malformed entries as no choice', () => {
    const prefs = loadPreferences(storageWith({ visibility: { odds: 'no' }, widths: { odds: -5, event: 'wide' } }), 'bets', 'm1', columns);
    expect(prefs).toEqual({ visibility: {}, widths: {} });
  });
});
