import { describe, expect, it } from 'vitest';
import { isMatchkitError } from '@matchkit/sdk/errors';
import { baseName, createNameRule } from './names';

describe('names: one spelling per name', () => {
  const rule = createNameRule();
  it.each([
    ['Arsenal', 'Arsenal FC'],
    ['AFC Bournemouth', 'Bournemouth'],
    ['Atlético Madrid', 'Atletico Madrid'],
    ['Brighton & Hove Albion', 'Brighton and Hove Albion'],
    ['Brighton', 'Brighton & Hove Albion'],
    ['Man Utd', 'Manchester United'],
    ['Manchester United FC', 'MANCHESTER  UNITED'],
    ["Nott'm Forest", 'Nottingham Forest'],
    ['Spurs', 'Tottenham Hotspur'],
    ['The Draw', 'Draw'],
    ['St. Mirren', 'St Mirren'],
    ['Galopin Des Champs (IRE)', 'Galopin des Champs'],
    ['Borussia Mönchengladbach', 'Borussia Monchengladbach'],
  ])('%s is %s', (a, b) => {
    expect(rule.normalise(a)).toBe(rule.normalise(b));
  });

  it.each([
    ['Manchester United', 'Manchester City'],
    ['Sheffield United', 'Sheffield Wednesday'],
    ['Arsenal', 'Arsenal Women'],
    ['Draw', 'No Draw'],
  ])('%s is not %s', (a, b) => {
    expect(rule.normalise(a)).not.toBe(rule.normalise(b));
  });

  it('keeps a club word that is the whole name, and slugs with dashes', () => {
    expect(baseName('FC')).toBe('fc');
    expect(rule.slug('Brighton & Hove Albion')).toBe('brighton-and-hove-albion');
  });

  it('takes a deployment alias on top of the built-in ones', () => {
    const own = createNameRule({ Inter: 'Internazionale' });
    expect(own.normalise('Inter')).toBe(own.normalise('Internazionale'));
    expect(own.normalise('Man Utd')).toBe('manchester united');
  });

  it('refuses an alias whose target is an alias, or one alias with two targets, naming it', () => {
    const chained = (() => {
      try {
        createNameRule({ Utd: 'Man Utd' });
      } catch (error) {
        return error;
      }
    })();
    expect(isMatchkitError(chained) && chained.kind === 'validation').toBe(true);
    expect(String((chained as Error).message)).toMatch(/aliases\.Utd: maps to "man utd", which is itself an alias/);
    expect(() => createNameRule({ 'Man U': 'Manchester City', 'MAN U': 'Manchester United' })).toThrow(
      /aliases\.MAN U: maps "man u" to "manchester united", but another alias maps it to "manchester city"/,
    );
  });

  it('lets a deployment alias replace a built-in one of the same spelling', () => {
    expect(createNameRule({ Spurs: 'Spurs' }).normalise('Spurs')).toBe('spurs');
  });
});
