import { describe, expect, it } from 'vitest';
import { bookmakers, exchanges } from '../exchanges';
import { accountWords } from './accounts';
import { bookAccount } from './index';

describe('bookAccount', () => {
  it('reads an exchange of the catalogue by its key, whatever the case or the spaces', () => {
    for (const name of ['smarkets', 'Smarkets', 'SMARKETS', ' smarkets ']) {
      expect(bookAccount(name)).toEqual({ key: 'smarkets', displayName: 'Smarkets', kind: 'exchange', listed: true });
    }
    expect(bookAccount('Bet Connect')).toMatchObject({ key: 'betconnect', displayName: 'BetConnect' });
  });

  it('reads a bookmaker of the catalogue by its key or its display name', () => {
    for (const name of ['alder-bet', 'Alder Bet', 'alder bet', 'ALDERBET', 'Alder_Bet']) {
      expect(bookAccount(name)).toEqual({ key: 'alder-bet', displayName: 'Alder Bet', kind: 'bookmaker', listed: true });
    }
  });

  it('gives every bookmaker and exchange of the catalogue its own key and its display name', () => {
    for (const e of exchanges)
      expect(bookAccount(e.displayName)).toMatchObject({ key: e.name, displayName: e.displayName, kind: 'exchange' });
    for (const b of bookmakers) expect(bookAccount(b.name)).toMatchObject({ key: b.name, displayName: b.displayName, kind: 'bookmaker' });
    const keys = [...exchanges.map((e) => e.name), ...bookmakers.map((b) => b.name)];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('spells every key and display name of the catalogue, in words, as its key (what settlement nets legs by)', () => {
    for (const e of exchanges) expect([accountWords(e.name), accountWords(e.displayName)]).toEqual([e.name, e.name]);
    for (const b of bookmakers) expect([accountWords(b.name), accountWords(b.displayName)]).toEqual([b.name, b.name]);
  });

  it('keys any other name by its words in lower case, shown as written', () => {
    expect(bookAccount('Bet Co')).toEqual({ key: 'bet-co', displayName: 'Bet Co', kind: 'bookmaker', listed: false });
    expect(bookAccount('bet-co').key).toBe('bet-co');
    expect(bookAccount('  BET   co ').key).toBe('bet-co');
    expect(bookAccount('Ünïbet').key).toBe('ünïbet');
    expect(bookAccount('!!!').key).toBe('!!!');
  });
});
