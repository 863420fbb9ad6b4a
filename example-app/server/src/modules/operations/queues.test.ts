// The operations page's queue figures through the API, against rows in the real tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, pushOutbox } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, type FixtureMember } from '../../test/fixture-members';

const DEPTHS = '{ adminQueueDepths { queue state count oldestAt } }';
const ERRORS = '{ adminQueueErrors { queue error count lastAt } }';

let t: TestApp;
let admin: FixtureMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await addMember(t, { additionalCapabilities: ['PA-CAP-028'] });
});
afterAll(() => t.stop());

const mail = (state: string, createdAt: number, lastError: string | null = null) => ({
  to: 'someone@example.test',
  kind: 'welcome',
  subject: 'Welcome',
  text: 'Hello',
  state,
  nextAttemptAt: new Date(createdAt),
  createdAt: new Date(createdAt),
  lastError,
});

describe('the delivery queues', () => {
  it('counts each state of both queues, zero included, with the oldest message of each', async () => {
    const member = await addMember(t);
    const now = t.clock();
    await t.database.db.delete(outbox);
    await t.database.db
      .insert(outbox)
      .values([mail('queued', now - 60_000), mail('queued', now - 5_000), mail('failed', now - 9_000, 'SMTP 550 mailbox unavailable')]);
    await t.database.db.insert(pushOutbox).values({
      userId: member.id,
      kind: 'odds-alerts',
      payload: { title: 'A match', body: 'Rated 98%', url: '/oddsmatcher', tag: 'odds-alert' },
      state: 'sent',
      nextAttemptAt: new Date(now),
      expiresAt: new Date(now + 60_000),
      createdAt: new Date(now - 1_000),
    });
    const r = await t.gql<{ adminQueueDepths: { queue: string; state: string; count: number; oldestAt: string | null }[] }>(
      DEPTHS,
      {},
      { token: admin.token },
    );
    expect(r.errors).toBeUndefined();
    const depths = r.data?.adminQueueDepths ?? [];
    expect(depths).toHaveLength(8);
    expect(depths.find((d) => d.queue === 'mail' && d.state === 'queued')).toEqual({
      queue: 'mail',
      state: 'queued',
      count: 2,
      oldestAt: new Date(now - 60_000).toISOString(),
    });
    expect(depths.find((d) => d.queue === 'mail' && d.state === 'sending')).toMatchObject({ count: 0, oldestAt: null });
    expect(depths.find((d) => d.queue === 'push' && d.state === 'sent')).toMatchObject({ count: 1 });
  });

  it('groups the last week’s failures by their error, most frequent first', async () => {
    const now = t.clock();
    await t.database.db.delete(outbox);
    await t.database.db
      .insert(outbox)
      .values([
        mail('queued', now - 1_000, 'connection refused'),
        mail('failed', now - 2_000, 'connection refused'),
        mail('failed', now - 3_000, 'SMTP 550 mailbox unavailable'),
        mail('failed', now - 8 * 86_400_000, 'an old failure'),
      ]);
    const r = await t.gql<{ adminQueueErrors: { queue: string; error: string; count: number; lastAt: string }[] }>(
      ERRORS,
      {},
      { token: admin.token },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data?.adminQueueErrors.filter((e) => e.queue === 'mail')).toEqual([
      { queue: 'mail', error: 'connection refused', count: 2, lastAt: new Date(now - 1_000).toISOString() },
      { queue: 'mail', error: 'SMTP 550 mailbox unavailable', count: 1, lastAt: new Date(now - 3_000).toISOString() },
    ]);
  });

  it('is for administrators only', async () => {
    const member = await addMember(t, { plan: 'pro' });
    for (const query of [DEPTHS, ERRORS])
      expect((await t.gql(query, {}, { token: member.token })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
