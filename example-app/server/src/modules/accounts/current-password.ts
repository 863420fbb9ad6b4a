// The current password that guards an account change (password, address, closure): a wrong one
// counts toward the account's sign-in limit, as a failed sign-in does, and a right one clears it.
import type { RequestContext } from '../../kernel';
import { failure } from '../module';
import { waitInWords, type AccountsKit } from './kit';
import { findUserById, type UserRow } from './service';

/** The member, when `password` is theirs; else the payload refusal (BAD_INPUT on `field`, or RATE_LIMITED). */
export async function checkCurrentPassword(
  kit: AccountsKit,
  ctx: RequestContext,
  userId: string,
  password: string,
  field = 'input.currentPassword',
): Promise<{ readonly ok: true; readonly user: UserRow } | ReturnType<typeof failure>> {
  const accountKey = `user:${userId}`;
  // Counted before the check, as sign-in is (a success clears the count).
  const wait = await kit.limits.hit('login:account', accountKey);
  if (wait !== null) return failure('RATE_LIMITED', `Too many wrong passwords. Try again in ${waitInWords(wait)}.`);
  const user = await findUserById(ctx.db, userId);
  const checked = await kit.hasher.verify(password, user?.passwordHash ?? null);
  if (user === null || !checked.ok) return failure('BAD_INPUT', 'Your current password is not right.', field);
  await kit.limits.clear('login:account', accountKey);
  return { ok: true, user };
}
