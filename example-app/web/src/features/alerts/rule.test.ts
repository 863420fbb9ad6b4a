// The alert form's text read into the wire's input: pounds typed, pence sent; what the sdk's parser
// refuses said on its own field; the page's filters as a draft; a rule in words.
import { describe, expect, it } from 'vitest';
import { describeRule, draftFromFilters, fieldOf, readAlertDraft, type AlertDraft } from './rule';

const draft: AlertDraft = {
  name: 'Football',
  minRating: '95',
  minProfit: '',
  stake: '',
  bookmaker: '',
  sport: '',
  withinHours: '',
  minLiquidity: '',
};

describe('reading the alert form', () => {
  it('sends pounds as pence and leaves what was not asked for null', () => {
    const read = readAlertDraft(
      { ...draft, minLiquidity: '£1,250.50', withinHours: '24', bookmaker: 'bet-co', sport: 'football' },
      'oddsmatcher',
    );
    expect(read).toEqual({
      ok: true,
      input: {
        tool: 'oddsmatcher',
        name: 'Football',
        minRating: 95,
        bookmaker: 'bet-co',
        sport: 'football',
        withinHours: 24,
        minLiquidity: 125050,
      },
    });
    expect(readAlertDraft(draft, 'oddsmatcher')).toEqual({
      ok: true,
      input: { tool: 'oddsmatcher', name: 'Football', minRating: 95, bookmaker: null, sport: null, withinHours: null, minLiquidity: null },
    });
  });

  it('names each field the sdk’s parser refuses (a rating over 200, part hours, too much money)', () => {
    const read = readAlertDraft({ ...draft, minRating: '250', withinHours: '2.5', minLiquidity: '10000000.01' }, 'oddsmatcher');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect([...read.errors.keys()].sort()).toEqual(['minLiquidity', 'minRating', 'withinHours']);
    expect(read.errors.get('minRating')).toMatch(/0 to 200/);
    expect(read.errors.get('withinHours')).toMatch(/whole number of hours from 1 to 336/);
  });

  it('refuses text that is no number, and an empty name or rating, without a NaN reaching the parser', () => {
    const read = readAlertDraft({ ...draft, name: '  ', minRating: '', withinHours: 'soon', minLiquidity: '-5' }, 'oddsmatcher');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect([...read.errors.keys()].sort()).toEqual(['minLiquidity', 'minRating', 'name', 'withinHours']);
  });

  it('takes the field of a server error from its input path', () => {
    expect(fieldOf('input.minRating')).toBe('minRating');
    expect(fieldOf('input.name')).toBe('name');
    expect(fieldOf('input.tool')).toBeNull();
    expect(fieldOf(null)).toBeNull();
  });
});

describe('the oddsmatcher’s filters as a draft', () => {
  it('fills every field it has, pence as pounds, and suggests a name', () => {
    expect(draftFromFilters({ minRating: 97.5, bookmaker: 'bet-co', sport: 'football', withinHours: 12, minLiquidity: 5000 })).toEqual({
      name: 'Football at Bet Co over 97.5%',
      minRating: '97.5',
      minProfit: '',
      stake: '',
      bookmaker: 'bet-co',
      sport: 'football',
      withinHours: '12',
      minLiquidity: '50.00',
    });
    expect(draftFromFilters({})).toEqual({ ...draft, name: 'Matches', minRating: '' });
  });
});

describe('a rule in words', () => {
  it('says every part, money in pounds', () => {
    expect(describeRule({ minRating: 95, bookmaker: 'bet-co', sport: 'football', withinHours: 1, minLiquidity: 5000 })).toBe(
      'Rating 95% or more · Football · Bet Co · starting within 1 hour · £50.00 or more to lay',
    );
    expect(describeRule({ minRating: 98, bookmaker: null, sport: null, withinHours: null, minLiquidity: null })).toBe(
      'Rating 98% or more · any sport · any bookmaker',
    );
  });
});

describe('a money alert’s form (the each-way and extra place catchers)', () => {
  const money: AlertDraft = { ...draft, name: 'Each way', minRating: '', minProfit: '-0.50', stake: '10' };

  it('sends the least profit, a minus for a loss, and the stake per part as pence, and no rating', () => {
    const read = readAlertDraft({ ...money, bookmaker: 'bet-co' }, 'eachWayCatcher');
    expect(read).toEqual({
      ok: true,
      input: {
        tool: 'eachWayCatcher',
        name: 'Each way',
        minProfit: -50,
        stake: 1000,
        bookmaker: 'bet-co',
        sport: null,
        withinHours: null,
        minLiquidity: null,
      },
    });
  });

  it('refuses a missing or fractional-penny amount and a zero stake on their own fields', () => {
    const errors = (d: AlertDraft) => {
      const read = readAlertDraft(d, 'extraPlaceCatcher');
      return read.ok ? [] : [...read.errors.keys()];
    };
    expect(errors({ ...money, minProfit: '' })).toEqual(['minProfit']);
    expect(errors({ ...money, minProfit: '1.005', stake: '0' })).toEqual(['minProfit', 'stake']);
  });

  it('puts the page’s stake in the draft and says the threshold by the tool’s figure', () => {
    expect(draftFromFilters({ stake: 2500 }).stake).toBe('25.00');
    expect(describeRule({ tool: 'eachWayCatcher', minRating: null, minProfit: -50, stake: 1000 })).toMatch(
      /^Worst outcome −£0\.50 or more on £10\.00 a part · any sport · any bookmaker$/,
    );
    expect(describeRule({ tool: 'extraPlaceCatcher', minProfit: 25, stake: 500 })).toMatch(
      /^Expected profit £0\.25 or more on £5\.00 a part/,
    );
  });
});
