// The DiscourseConnect request's return address, for a forum in a subfolder: on the forum's origin
// and under its path, never beside it on the same host (the whole exchange: sso.test.ts).
import { describe, expect, it } from 'vitest';
import { discourseSignature, readDiscourseRequest } from './discourse-connect';

const SECRET = 'unit-forum-secret-0123456789abcdefghijklmnopqrstuvwxyz';
const NONCE = 'cb68251eefb5211e58c00ff1395f0c0b';

/** A signed request from Discourse asking to return to `returnUrl`. */
function requestTo(returnUrl: string): [string, string] {
  const sso = Buffer.from(new URLSearchParams({ nonce: NONCE, return_sso_url: returnUrl }).toString()).toString('base64');
  return [sso, discourseSignature(sso, SECRET)];
}

describe('readDiscourseRequest: where the member is sent back', () => {
  it('takes a return address under a subfolder forum’s path, and refuses one beside it', () => {
    const forumUrl = 'https://example.com/community';
    for (const back of ['https://example.com/community/session/sso_login', 'https://example.com/community']) {
      const read = readDiscourseRequest(...requestTo(back), SECRET, forumUrl);
      expect(read.ok && read.request.returnUrl.href, back).toBe(back);
    }
    for (const back of [
      'https://example.com/session/sso_login',
      'https://example.com/community-evil/session/sso_login',
      'https://example.com/',
      'https://example.com/community/..%2fsession/sso_login',
      'https://example.com/community/%2E%2E%5Csession/sso_login',
    ]) {
      const read = readDiscourseRequest(...requestTo(back), SECRET, forumUrl);
      expect(read.ok ? 'taken' : read.refusal.field, back).toBe('return_sso_url');
    }
  });

  it('takes any path on a forum at its origin’s root, and no other origin', () => {
    const forumUrl = 'https://forum.example.com';
    const read = readDiscourseRequest(...requestTo('https://forum.example.com/session/sso_login'), SECRET, forumUrl);
    expect(read.ok).toBe(true);
    for (const back of ['https://forum.example.com.evil.example/session/sso_login', 'http://forum.example.com/session/sso_login']) {
      const refused = readDiscourseRequest(...requestTo(back), SECRET, forumUrl);
      expect(refused.ok ? 'taken' : refused.refusal.field, back).toBe('return_sso_url');
    }
  });
});
