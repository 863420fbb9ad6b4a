#!/usr/bin/env node
// History that explains itself: every commit since issue 19 began has a subject of at most 72
// characters and a body (the why), so that `git log --oneline` reads as a list and each change
// says why it was made. Earlier commits are history as written and are not judged.
// Usage: node scripts/check-commits.mjs [--since <commit>]. Exits 1 naming every commit that fails.
// In a shallow clone that lacks the starting commit, it judges the commits the clone has that were
// made since issue 19 began (by committer date).
import { execFileSync } from 'node:child_process';

export const MAX_SUBJECT = 72;
// The last commit before issue 19's work (2026-12-02): commits after it are judged.
const SINCE_DATE = '2026-12-02T00:00:00Z';
const DEFAULT_SINCE = 'edab00dcb715faa4f21fd6d85259e2b0e5875406';

const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The problems of one commit message (subject line, then the rest). */
export function messageProblems(message) {
  const [subject = '', ...rest] = message.replace(/\s+$/, '').split('\n');
  const problems = [];
  if (subject.trim() === '') problems.push('has no subject');
  if (subject.length > MAX_SUBJECT) problems.push(`subject is ${subject.length} characters (at most ${MAX_SUBJECT})`);
  if (rest.length > 0 && rest[0].trim() !== '') problems.push('has no blank line after its subject');
  if (rest.join('\n').trim() === '') problems.push('has no body saying why');
  return problems;
}

function main() {
  const i = process.argv.indexOf('--since');
  const since = i === -1 ? DEFAULT_SINCE : process.argv[i + 1];
  let range = [`${since}..HEAD`];
  try {
    git('cat-file', '-e', `${since}^{commit}`);
  } catch {
    console.log(`check-commits: ${since} is not in this clone (a shallow clone?): judging its commits made since ${SINCE_DATE}`);
    range = [`--since=${SINCE_DATE}`, 'HEAD'];
  }
  // Merge commits are written by git; judge the commits people wrote.
  const log = git('log', '--no-merges', '--format=%H%x00%B%x01', ...range);
  const commits = log
    .split('\x01')
    .map((entry) => entry.replace(/^\n/, ''))
    .filter((entry) => entry.includes('\x00'))
    .map((entry) => {
      const [hash, message] = entry.split('\x00');
      return { hash, message };
    });
  let bad = 0;
  for (const { hash, message } of commits) {
    const problems = messageProblems(message);
    if (problems.length === 0) continue;
    bad += 1;
    console.error(`${hash.slice(0, 10)} "${message.split('\n')[0].slice(0, 80)}": ${problems.join('; ')}`);
  }
  if (bad > 0) {
    console.error(`check-commits: ${bad} of ${commits.length} commit(s) since ${since} fail the history rules`);
    process.exit(1);
  }
  console.log(`check-commits: ${commits.length} commit(s) since ${since}, every subject at most ${MAX_SUBJECT} characters with a body`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
