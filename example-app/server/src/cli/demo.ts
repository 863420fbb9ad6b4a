// Demo members: one member of every plan of the brand, one free member and one administrator, so
// anyone can try every tool. Each gets a fresh random password (printed once by the command), an
// @example.com address (reserved for examples: no mail reaches anyone), and a plan recorded exactly
// as a paid checkout records it (billing's grantPlanForDemo). Running it again resets the passwords
// and leaves plans that are still held as they are.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Brand } from '@matchkit/sdk/brands';
import { loadMemberAccess } from '../modules/members/access';
import { generateReferralCode } from '@matchkit/sdk/referrals';
import type { PasswordHasher } from '../auth/passwords';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { newId, secureRandom } from '../ids';
import { grantPlanForDemo } from '../modules/billing/demo';

/** One demo login. */
export interface DemoLogin {
  readonly plan: string;
  readonly email: string;
  readonly username: string;
  readonly password: string;
}

/** Creates (or refreshes) the demo members of `brand`. */
export async function createDemoMembers(db: Db, brand: Brand, hasher: PasswordHasher, now: number): Promise<DemoLogin[]> {
  const wanted: { plan: string; admin: boolean }[] = [
    { plan: 'free', admin: false },
    ...brand.plans.map((p) => ({ plan: p.name, admin: false })),
    { plan: 'admin', admin: true },
  ];
  const logins: DemoLogin[] = [];
  for (const { plan, admin } of wanted) {
    const username = `demo-${plan}`;
    const email = `${username}@example.com`;
    const password = randomBytes(12).toString('base64url');
    const passwordHash = await hasher.hash(password);
    const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    let userId: string;
    if (existing === undefined) {
      userId = newId('u');
      await db.insert(users).values({
        id: userId,
        email,
        username,
        firstName: 'Demo',
        lastName: plan === 'free' ? 'Member' : plan,
        passwordHash,
        referralCode: generateReferralCode(secureRandom),
        additionalCapabilities: admin ? [brand.adminCapability] : [],
        adultConfirmedAt: new Date(now),
        emailVerifiedAt: new Date(now),
        createdAt: new Date(now),
      });
    } else {
      userId = existing.id;
      // A new password ends the member's sessions, as a reset does.
      await db
        .update(users)
        .set({ passwordHash, sessionVersion: existing.sessionVersion + 1 })
        .where(eq(users.id, userId));
    }
    if (!admin && plan !== 'free') {
      const access = await loadMemberAccess(db, brand, userId, now);
      if (!access?.plans.includes(plan)) await grantPlanForDemo(db, brand, userId, plan, 'month', now);
    }
    logins.push({ plan, email, username, password });
  }
  return logins;
}
