import { describe, expect, it } from 'vitest';
import { estimatePasswordStrength, MIN_PASSWORD_SCORE, passwordUserInputs } from './index';

const ada = passwordUserInputs({
  firstName: 'Zebedee',
  lastName: 'Quillfeather',
  username: 'zorblaxian',
  email: 'wombleford.tiddly@example.com',
  brandName: 'Brightlay',
});

describe('passwordUserInputs', () => {
  it("lists the member's names, username, email (whole, local part and its pieces) and the brand, lower-cased", () => {
    expect(ada).toEqual([
      'zebedee',
      'quillfeather',
      'zorblaxian',
      'brightlay',
      'wombleford.tiddly@example.com',
      'wombleford.tiddly',
      'wombleford',
      'tiddly',
    ]);
  });
  it('leaves out missing and one-letter pieces', () => {
    expect(passwordUserInputs({ firstName: null, lastName: 'X', email: 'a.b@example.com', brandName: 'Brightlay' })).toEqual([
      'brightlay',
      'a.b@example.com',
      'a.b',
    ]);
  });
});

describe('estimatePasswordStrength', () => {
  it('refuses scores below 3 and names each score in words', () => {
    expect(MIN_PASSWORD_SCORE).toBe(3);
    const common = estimatePasswordStrength('password123', []);
    expect(common).toMatchObject({ score: 0, acceptable: false, label: 'Very weak' });
    expect(common.advice).toBe('This is a commonly used password. Add more words that are less common.');
    expect(estimatePasswordStrength('horse staple orbit kettle', [])).toEqual({
      score: 4,
      acceptable: true,
      label: 'Very strong',
      advice: 'Strong enough.',
    });
  });
  it.each(['Quillfeather2024', 'zorblaxian2024', 'wombleford.tiddly1', 'Brightlay2024!'])(
    "%s is strong to a stranger but weak once the member's details are known",
    (password) => {
      expect(estimatePasswordStrength(password, []).acceptable).toBe(true);
      const known = estimatePasswordStrength(password, ada);
      expect(known.acceptable).toBe(false);
      expect(['Very weak', 'Weak', 'Fair']).toContain(known.label);
    },
  );
});
