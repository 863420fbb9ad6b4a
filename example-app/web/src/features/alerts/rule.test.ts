// The alert form's text read into the wire's input: pounds typed, pence sent; what the sdk's parser
// refuses said on its own field; the page's filters as a draft; a rule in words.
import { describe, expect, it } from 'vitest';
import { describeRule, draftFromFilters, fieldOf, readAlertDraft, type AlertDraft } from './rule';

const draft: AlertDraft = { name: 'Football', minRating: '95', bookmaker: '', sport: '', withinHours: '', minLiquidity: '' };

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
