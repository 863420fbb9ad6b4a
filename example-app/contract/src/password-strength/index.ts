// How guessable a new password is, estimated with zxcvbn-ts (its English and common dictionaries),
// for the web app's forms (shown in words as the member types) and the server (which refuses the
// weakest). One function, so both sides always agree.
//
// It lives here, in the app's own contract, and not in the published sdk: the dictionaries weigh
// about 1.5 MB of JavaScript (about 800 KB gzipped), and which estimator and threshold to use is
// a policy of this app, not a field rule a third party needs. The sdk's readNewPassword keeps the
// rules every client needs (length after NFKC, not only spaces, not one character repeated).
// The web app loads this entry point lazily (import()), only on pages with a new-password field.
import { ZxcvbnFactory, type Score } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/**
 * The lowest zxcvbn score accepted: 3, "safely unguessable" (at least about 10^10 guesses). Scores
 * 0 to 2 (under 10^8 guesses: common passwords, words with a digit or two, names, keyboard runs,
 * dates, anything built from the member's own details) are refused. A stolen database is the
 * attack this guards against; the sign-in rate limits already stop online guessing.
 */
export const MIN_PASSWORD_SCORE: Score = 3;

/** An estimate of a password's strength, as a member reads it. */
export interface PasswordStrength {
  /** zxcvbn's score: 0 (too guessable) to 4 (very unguessable). */
  readonly score: Score;
  /** Whether the score is at least {@link MIN_PASSWORD_SCORE}. */
  readonly acceptable: boolean;
  /** The estimate in words ("Very weak" ... "Very strong"). */
  readonly label: string;
  /** One plain sentence: why a refused password is weak and what to do, or that it is strong enough. */
  readonly advice: string;
}

const LABELS: Readonly<Record<Score, string>> = { 0: 'Very weak', 1: 'Weak', 2: 'Fair', 3: 'Strong', 4: 'Very strong' };

let factory: ZxcvbnFactory | null = null;
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
  });
  return factory;
}

/**
 * The words a member's password should not be built from: their names, username and email address
 * (the address whole, its local part, and the local part's pieces) and the brand's name. Empty and
 * one-letter pieces are left out.
 */
export function passwordUserInputs(member: {
  readonly firstName?: string | null | undefined;
  readonly lastName?: string | null | undefined;
  readonly username?: string | null | undefined;
  readonly email?: string | null | undefined;
  readonly brandName: string;
}): string[] {
  const words = [member.firstName, member.lastName, member.username, member.brandName];
  const email = member.email?.trim().toLowerCase() ?? '';
  if (email !== '') {
    const local = email.split('@')[0] ?? '';
    words.push(email, local, ...local.split(/[._+-]+/));
  }
  return [...new Set(words.map((w) => (w ?? '').trim().toLowerCase()).filter((w) => [...w].length > 1))];
}

/**
 * Estimates how guessable `password` is. `userInputs` (see {@link passwordUserInputs}) count as
 * known to an attacker, so a password built from them scores lower. The password is taken as the
 * sdk's readNewPassword returns it (NFKC-normalised).
 */
export function estimatePasswordStrength(password: string, userInputs: readonly string[]): PasswordStrength {
  const result = estimator().check(password, [...userInputs]);
  const acceptable = result.score >= MIN_PASSWORD_SCORE;
  return { score: result.score, acceptable, label: LABELS[result.score], advice: adviceOf(acceptable, result.feedback) };
}

function adviceOf(acceptable: boolean, feedback: { warning: string | null; suggestions: readonly string[] }): string {
  if (acceptable) return 'Strong enough.';
  const why = feedback.warning ?? 'This password would be easy to guess.';
  const next = feedback.suggestions[0] ?? 'Add more words that are less common.';
  return `${why.replace(/\.?$/, '.')} ${next.replace(/\.?$/, '.')}`;
}
