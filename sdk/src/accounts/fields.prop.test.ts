import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { getBrand } from '../brands';
import {
  emailSchema,
  firstNameSchema,
  goalSchema,
  lastNameSchema,
  newPasswordSchema,
  CLOSE_ACCOUNT_PHRASE,
  readCloseConfirmation,
  readEmail,
  readEmailToken,
  readGoal,
  readName,
  readNewPassword,
  readUsername,
  usernameSchema,
  type Checked,
} from './index';

/** Any string, including astral characters, controls and whitespace. */
const anyText = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 260 }), fc.emailAddress());

const sameAs =
  <T>(schema: v.GenericSchema<string, T>, reader: (raw: string) => Checked<T>) =>
  (raw: string) => {
    const parsed = v.safeParse(schema, raw);
    const read = reader(raw);
    if (read.ok) expect(parsed).toMatchObject({ success: true, output: read.value });
    else expect(parsed.issues?.map((i) => i.message)).toEqual([read.message]);
  };

describe('email', () => {
  it('a trimmed, lower-cased valid email is accepted unchanged', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (raw) => {
        const first = readEmail(raw);
        fc.pre(first.ok);
        if (!first.ok) return;
        expect(readEmail(first.value)).toEqual({ ok: true, value: first.value });
      }),
    );
  });
  it('padding and case never change whether an email is accepted, nor the value accepted', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(' ', '\t', '  '), (raw, pad) => {
        expect(readEmail(`${pad}${raw.toUpperCase()}${pad}`)).toEqual(readEmail(raw.toUpperCase()));
      }),
    );
  });
  it('every accepted email is at most 254 characters, trimmed and lower-case', () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        const r = readEmail(raw);
        if (r.ok) {
          expect(r.value.length).toBeLessThanOrEqual(254);
          expect(r.value).toBe(r.value.trim().toLowerCase());
        }
      }),
    );
  });
});

describe('username', () => {
  it('a username is accepted exactly when it matches the pattern, and its value is its lower case', () => {
    const chars = fc.constantFrom(...'abcXYZ019._- !é'.split(''));
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 40 }).map((cs) => cs.join('')),
        (raw) => {
          const r = readUsername(raw);
          expect(r.ok).toBe(/^[A-Za-z0-9._-]{3,32}$/.test(raw));
          if (r.ok) expect(r.value).toBe(raw.toLowerCase());
        },
      ),
    );
  });
  it('an accepted username is accepted again unchanged', () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        const r = readUsername(raw);
        if (r.ok) expect(readUsername(r.value)).toEqual(r);
      }),
    );
  });
});

describe('names', () => {
  it('an accepted name is trimmed, 1 to 100 code points, and accepted again unchanged', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom('first' as const, 'last' as const), (raw, which) => {
        const r = readName(raw, which);
        if (!r.ok) return;
        expect(r.value).toBe(r.value.trim());
        expect([...r.value].length).toBeGreaterThanOrEqual(1);
        expect([...r.value].length).toBeLessThanOrEqual(100);
        expect(readName(r.value, which)).toEqual(r);
      }),
    );
  });
});

describe('new password', () => {
  /** Passwords built to hit every branch: short and long, decomposed accents, spaces, one character repeated. */
  const passwords = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 230 }),
    fc.string({ unit: fc.constantFrom('e', '\u0301', ' ', '\u00a0', 'ﬁ', 'Ａ', 'a', '😀'), maxLength: 30 }),
    fc.tuple(fc.constantFrom('a', ' ', 'e\u0301', '😀', 'ﬁ'), fc.integer({ min: 1, max: 30 })).map(([c, n]) => c.repeat(n)),
  );
  it('length is counted after NFKC: accepted exactly when the NFKC form has 10 to 200 code points, is not only whitespace and not one character repeated', () => {
    fc.assert(
      fc.property(passwords, (raw) => {
        const nfkc = raw.normalize('NFKC');
        const points = [...nfkc];
        const r = readNewPassword(raw);
        const lengthOk = points.length >= 10 && points.length <= 200;
        const varied = new Set(points).size > 1 && !/^\s*$/u.test(nfkc);
        expect(r.ok).toBe(lengthOk && varied);
      }),
    );
  });
  it('normalisation is the value: an accepted password reads as its NFKC form, and that form is accepted again unchanged', () => {
    fc.assert(
      fc.property(passwords, (raw) => {
        const r = readNewPassword(raw);
        if (!r.ok) return;
        expect(r.value).toBe(raw.normalize('NFKC'));
        expect(readNewPassword(r.value)).toEqual(r);
      }),
    );
  });
});

describe('goal', () => {
  it("a goal is accepted exactly when it is one of the brand's goal ids", () => {
    fc.assert(
      fc.property(
        fc.constantFrom('primary' as const, 'secondary' as const),
        fc.oneof(anyText, fc.constantFrom('goal-300-600', 'goal-500-1000', 'goal-1000-2000')),
        (id, raw) => {
          const brand = getBrand(id);
          expect(readGoal(brand, raw).ok).toBe(brand.onboarding.goals.some((g) => g.id === raw));
        },
      ),
    );
  });
});

describe('each schema agrees with its reader', () => {
  it('on every string: same acceptance, same value, same single message', () => {
    const goal = goalSchema(getBrand('primary'));
    fc.assert(
      fc.property(anyText, (raw) => {
        sameAs(emailSchema, readEmail)(raw);
        sameAs(usernameSchema, readUsername)(raw);
        sameAs(firstNameSchema, (s) => readName(s, 'first'))(raw);
        sameAs(lastNameSchema, (s) => readName(s, 'last'))(raw);
        sameAs(newPasswordSchema, readNewPassword)(raw);
        sameAs(goal, (s) => readGoal(getBrand('primary'), s))(raw);
      }),
    );
  });
});

describe('email link token', () => {
  it('accepts exactly 43 base64url characters, unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.base64String({ minLength: 40, maxLength: 48 })), (raw) => {
        const read = readEmailToken(raw);
        expect(read.ok).toBe(/^[A-Za-z0-9_-]{43}$/.test(raw));
        if (read.ok) expect(read.value).toBe(raw);
      }),
    );
  });
});

describe('closure confirmation', () => {
  it('accepts the phrase in any case with spaces around it, and nothing else', () => {
    const cased = fc
      .array(fc.boolean(), { minLength: CLOSE_ACCOUNT_PHRASE.length, maxLength: CLOSE_ACCOUNT_PHRASE.length })
      .map((upper) => [...CLOSE_ACCOUNT_PHRASE].map((c, i) => (upper[i] === true ? c.toUpperCase() : c)).join(''));
    const pad = fc.constantFrom('', ' ', '\t', '  ');
    fc.assert(
      fc.property(cased, pad, pad, (phrase, before, after) => {
        expect(readCloseConfirmation(`${before}${phrase}${after}`)).toEqual({ ok: true, value: CLOSE_ACCOUNT_PHRASE });
      }),
    );
    fc.assert(
      fc.property(anyText, (raw) => {
        expect(readCloseConfirmation(raw).ok).toBe(raw.trim().toLowerCase() === CLOSE_ACCOUNT_PHRASE);
      }),
    );
  });
});
