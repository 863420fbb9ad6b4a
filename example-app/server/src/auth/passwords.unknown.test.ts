// Checking a password for an unknown member runs scrypt exactly as often as for a real member, so
// the answer's timing does not tell whether an account exists. Counted, not timed.
import type * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ n: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof crypto>();
  return {
    ...original,
    scrypt: (...args: Parameters<typeof crypto.scrypt>) => {
      calls.n += 1;
      return (original.scrypt as (...a: unknown[]) => void)(...args);
    },
  };
});

const { createPasswordHasher } = await import('./passwords');

describe('password checks for unknown members', () => {
  it('derive one scrypt key for a missing hash, as for a wrong password of a real member', async () => {
    const hasher = createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });
    const stored = await hasher.hash('a member password');
    const before = calls.n;
    expect(await hasher.verify('a wrong password', stored)).toEqual({ ok: false, needsRehash: false });
    const real = calls.n - before;
    expect(await hasher.verify('a wrong password', null)).toEqual({ ok: false, needsRehash: false });
    const missing = calls.n - before - real;
    expect(real).toBe(1);
    expect(missing).toBe(real);
  });
});
