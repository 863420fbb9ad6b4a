import { describe, expect, it } from 'vitest';
import { createPasswordHasher, parsePasswordHash, PASSWORD_SCRYPT, TEST_SCRYPT } from './passwords';

describe('password hashes (scrypt)', () => {
  const hasher = createPasswordHasher(TEST_SCRYPT);

  it('writes a self-describing hash and verifies the password, not another', async () => {
    const stored = await hasher.hash('correct horse battery');
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await hasher.verify('correct horse battery', stored)).toEqual({ ok: true, needsRehash: false });
    expect(await hasher.verify('correct horse batterY', stored)).toEqual({ ok: false, needsRehash: false });
  });

  it('salts every hash: the same password twice gives two different hashes', async () => {
    const [a, b] = await Promise.all([hasher.hash('same password'), hasher.hash('same password')]);
    expect(a).not.toBe(b);
  });

  it('matches a password typed in another Unicode form (NFKC)', async () => {
    const stored = await hasher.hash('caf\u00e9 au lait!');
    expect((await hasher.verify('cafe\u0301 au lait!', stored)).ok).toBe(true);
  });

  it('says false for a missing or unreadable hash', async () => {
    expect(await hasher.verify('anything at all', null)).toEqual({ ok: false, needsRehash: false });
    expect(await hasher.verify('anything at all', 'plain-text-password')).toEqual({ ok: false, needsRehash: false });
    expect(await hasher.verify('anything at all', 'scrypt$1000$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA')).toEqual({
      ok: false,
      needsRehash: false,
    });
  });

  it('verifies a hash made with other parameters and asks for a re-hash', async () => {
    const older = createPasswordHasher({ N: 2 ** 11, r: 8, p: 1 });
    const stored = await older.hash('an older password');
    expect(await hasher.verify('an older password', stored)).toEqual({ ok: true, needsRehash: true });
  });

  it('reads only sane parameters from a stored hash', () => {
    const salt = Buffer.alloc(16, 1).toString('base64url');
    const key = Buffer.alloc(32, 2).toString('base64url');
    expect(parsePasswordHash(`scrypt$32768$8$3$${salt}$${key}`)?.params).toEqual({ N: 32768, r: 8, p: 3 });
    expect(parsePasswordHash(`scrypt$30000$8$3$${salt}$${key}`)).toBeNull(); // N not a power of two
    expect(parsePasswordHash(`scrypt$${2 ** 24}$8$1$${salt}$${key}`)).toBeNull(); // too much memory to accept from storage
    expect(parsePasswordHash(`scrypt$1024$8$1$${salt}$${key}$extra`)).toBeNull();
    expect(parsePasswordHash(`bcrypt$1024$8$1$${salt}$${key}`)).toBeNull();
  });

  it('uses N=2^15, r=8, p=3 for real passwords', async () => {
    expect(PASSWORD_SCRYPT).toEqual({ N: 32768, r: 8, p: 3 });
    const strong = createPasswordHasher();
    const stored = await strong.hash('a real password');
    expect(stored.startsWith('scrypt$32768$8$3$')).toBe(true);
    expect((await strong.verify('a real password', stored)).ok).toBe(true);
  });

  it('refuses parameters out of range', () => {
    expect(() => createPasswordHasher({ N: 1000, r: 8, p: 1 })).toThrow(/power of two/);
  });
});
