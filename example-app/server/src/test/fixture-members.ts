// Test support: members inserted straight into the database (no accounts module needed), with a
// plan bought through a real subscription row and the ledger the sdk's subscriptionEvents gives
// for it, additional capabilities, and a token to sign in with.
import { subscriptionEvents } from '@matchkit/sdk/billing';
import { ledger, subscriptions, users } from '../db/schema';
import { newId } from '../ids';
import type { TestApp } from './app';
import { signInAs } from '../auth/sessions';

const DAY_MS = 24 * 60 * 60 * 1000;
let serial = 0;

export interface FixtureMember {
  readonly id: string;
  readonly username: string;
  readonly email: string;
  /** A bearer token for the member's session. */
  readonly token: string;
}

export interface FixtureMemberOptions {
  /** The username (also the email's local part); unique by default. */
  readonly username?: string;
  /** A plan of the brand, bought monthly. */
  readonly plan?: string;
  /** With the plan: still in its free trial (started 2 days ago) instead of paid (started 10 days ago). */
  readonly trial?: boolean;
  /** Additional capability codes (PA-CAP-028 makes an administrator). */
  readonly additionalCapabilities?: readonly string[];
  /** When the member joined (default: the test clock now, less a second per member already made, so later members are newer). */
  readonly joinedAt?: number;
}

/** Inserts a member (and their subscription and ledger when a plan is given); returns their id and a token. */
export async function addMember(t: TestApp, options: FixtureMemberOptions = {}): Promise<FixtureMember> {
  serial += 1;
  const db = t.database.db;
  const now = t.clock();
  const id = newId('u');
  const username = options.username ?? `member${serial}`;
  const email = `${username}@example.test`;
  await db.insert(users).values({
    id,
    email,
    username,
    firstName: 'Test',
    lastName: `Member ${serial}`,
    passwordHash: 'not-a-real-hash',
    additionalCapabilities: [...(options.additionalCapabilities ?? [])],
    referralCode: `REF${serial}${id
      .slice(-6)
      .replace(/[^A-Za-z0-9]/g, 'X')
      .toUpperCase()}`,
    adultConfirmedAt: new Date(now),
    emailVerifiedAt: new Date(now),
    createdAt: new Date(options.joinedAt ?? now - 1000 * (1_000_000 - serial)),
  });
  if (options.plan !== undefined) {
    const subscription = {
      id: newId('sub'),
      plan: options.plan,
      term: 'month' as const,
      startedAt: new Date(now - (options.trial === true ? 2 : 10) * DAY_MS),
      trial: options.trial === true,
    };
    await db.insert(subscriptions).values({ ...subscription, userId: id, createdAt: subscription.startedAt });
    const events = subscriptionEvents(t.app.deps.brand, subscription, now);
    await db.insert(ledger).values(
      events.map((e) => ({
        id: e.id,
        userId: id,
        subscriptionId: subscription.id,
        type: e.type,
        plan: e.plan,
        amount: e.type === 'payment' ? e.amount : 0,
        periodStart: new Date(e.periodStart),
        periodEnd: new Date(e.periodEnd),
        at: new Date(e.at),
        basePaymentId: e.type === 'payment' ? e.basePaymentId : null,
        saleId: e.type === 'payment' ? e.saleId : null,
      })),
    );
  }
  const { token } = await signInAs(t.app.deps, id, now);
  return { id, username, email, token };
}
