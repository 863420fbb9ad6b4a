// The password policy as the server applies it: length counted after NFKC normalisation, no
// password of spaces only or of one character repeated, on every path that sets a password
// (registration, change, reset); the weakest passwords refused by the strength estimate; and
// hashes stored before the rule still verify. One suite (issue 22's review), run on the embedded
// PGlite (password-policy.test.ts) and on PostgreSQL (password-policy.pg.test.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { createTestApp, SUITE_DATABASES, type SuiteDatabase, type TestApp } from '../../test/app';
import { gqlFrom, LOGIN, newMember, REGISTER, registerMember } from './test-support';

type Payload = { ok: boolean; error: { code: string; message: string; field: string | null } | null };

const CHANGE = 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { ok error { code message field } } }';
const RESET = 'mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { ok error { code message field } } }';

/** Passwords the policy refuses, with the reason a member reads. */
const REFUSED = [
  ['e + combining accent five times (5 characters once normalised)', 'e\u0301'.repeat(5), 'Choose a password of at least 10 characters.'],
  ['ten spaces', ' '.repeat(10), 'Choose a password that is not only spaces.'],
  ['aaaaaaaaaa', 'a'.repeat(10), 'Choose a password that is not one character repeated.'],
] as const;

/** The suite, on the database `open` makes. */
export function passwordPolicySuite(label: SuiteDatabase, open: () => Promise<Database>): void {
  describe(`password policy (${label})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ database: await open() });
      expect(t.app.deps.database.kind).toBe(SUITE_DATABASES[label]);
    });
    afterAll(() => t.stop());

    it.each(REFUSED)('registration refuses %s, naming input.password', async (_, password, message) => {
      const r = await gqlFrom<{ register: Payload }>(t, REGISTER, { input: newMember({ password }) });
      expect(r.data?.register).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', message, field: 'input.password' } });
    });

    it.each(REFUSED)('changing the password refuses %s, naming input.newPassword', async (_, newPassword, message) => {
      const m = await registerMember(t);
      const r = await gqlFrom<{ changePassword: Payload }>(
        t,
        CHANGE,
        { input: { currentPassword: m.input.password, newPassword } },
        { token: m.token },
      );
      expect(r.data?.changePassword).toEqual({ ok: false, error: { code: 'BAD_INPUT', message, field: 'input.newPassword' } });
    });

    it.each(REFUSED)('a reset refuses %s, naming input.newPassword', async (_, newPassword, message) => {
      const r = await gqlFrom<{ resetPassword: Payload }>(t, RESET, { input: { token: 'A'.repeat(43), newPassword } });
      expect(r.data?.resetPassword).toEqual({ ok: false, error: { code: 'BAD_INPUT', message, field: 'input.newPassword' } });
    });

    describe('strength', () => {
      const TOO_EASY = /^Choose a password that is harder to guess\. .+\.$/;

      it('registration refuses a common password naming input.password, with the reason in words', async () => {
        const r = await gqlFrom<{ register: Payload }>(t, REGISTER, { input: newMember({ password: 'password123' }) });
        expect(r.data?.register).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', field: 'input.password' } });
        expect(r.data?.register.error?.message).toMatch(TOO_EASY);
        expect(r.data?.register.error?.message).toContain('commonly used password');
      });

      it("registration counts the member's names, username, email and the brand's name as known to an attacker", async () => {
        for (const [overrides, password] of [
          [{ firstName: 'Zebedee', lastName: 'Quillfeather' }, 'Quillfeather2024'],
          [{ username: 'zorblaxian' }, 'zorblaxian2024'],
          [{ email: 'wombleford.tiddly@example.com' }, 'wombleford.tiddly1'],
          [{}, `${getBrand(t.config.brand).displayName}2024!`],
        ] as const) {
          const r = await gqlFrom<{ register: Payload }>(t, REGISTER, { input: newMember({ ...overrides, password }) });
          expect(r.data?.register.error, password).toMatchObject({ code: 'BAD_INPUT', field: 'input.password' });
          expect(r.data?.register.error?.message).toMatch(TOO_EASY);
        }
      });

      it('registration accepts a strong password', async () => {
        const r = await gqlFrom<{ register: Payload }>(t, REGISTER, { input: newMember({ password: 'horse staple orbit kettle' }) });
        expect(r.data?.register).toMatchObject({ ok: true, error: null });
      });

      it('changing the password refuses a weak one naming input.newPassword, and takes a strong one', async () => {
        const m = await registerMember(t);
        const weak = await gqlFrom<{ changePassword: Payload }>(
          t,
          CHANGE,
          { input: { currentPassword: m.input.password, newPassword: 'qwertyuiop' } },
          { token: m.token },
        );
        expect(weak.data?.changePassword.error).toMatchObject({ code: 'BAD_INPUT', field: 'input.newPassword' });
        expect(weak.data?.changePassword.error?.message).toMatch(TOO_EASY);
        const strong = await gqlFrom<{ changePassword: Payload }>(
          t,
          CHANGE,
          { input: { currentPassword: m.input.password, newPassword: 'violet harbour cinema 7' } },
          { token: m.token },
        );
        expect(strong.data?.changePassword).toEqual({ ok: true, error: null });
      });
    });

    it('a password registered with combining accents signs in typed precomposed', async () => {
      const decomposed = 'cafe\u0301 au lait, s\u0307il vous plai\u0302t';
      const m = await registerMember(t, { password: decomposed });
      const composed = decomposed.normalize('NFC');
      expect(composed).not.toBe(decomposed);
      expect((await gqlFrom(t, LOGIN, { input: { login: m.input.email, password: composed } })).errors).toBeUndefined();
    });

    it('a member whose hash was stored before the rule still signs in, with the password typed either way', async () => {
      // Written by the hasher (TEST_SCRYPT) for 'cafe\u0301 au lait, s\u0307il vous plai\u0302t' before the
      // length rule normalised: the hasher has always hashed the NFKC form, so nothing needs re-hashing.
      const OLD_HASH = 'scrypt$1024$8$1$EhUWnNTQRXTKJXIzIOVBIw$xy-jZl3MTcaYirX34NwQ-KOrp9Y8e5GsTz9mc7kuF6M';
      const m = await registerMember(t);
      await t.database.db.update(users).set({ passwordHash: OLD_HASH }).where(eq(users.id, m.id));
      for (const password of ['cafe\u0301 au lait, s\u0307il vous plai\u0302t', 'café au lait, ṡil vous plaît']) {
        const r = await gqlFrom<{ login: { user: { email: string } } }>(t, LOGIN, { input: { login: m.input.username, password } });
        expect(r.errors).toBeUndefined();
        expect(r.data?.login.user.email).toBe(m.input.email);
      }
    });
  });
}
