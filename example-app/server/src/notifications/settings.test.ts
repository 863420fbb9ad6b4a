import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSettings } from '../db/schema';
import { createLogger } from '../logger';
import { addMember } from '../test/fixture-members';
import { createTestApp, type TestApp } from '../test/app';
import { notificationAllowed, notificationSettingsOf } from './settings';

describe('notificationAllowed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logger: createLogger('silent') });
  });
  afterAll(() => t.stop());

  it('answers the defaults for a member who changed nothing', async () => {
    const m = await addMember(t);
    const db = t.database.db;
    expect(await notificationAllowed(db, m.id, 'odds-alerts', 'push')).toBe(true);
    expect(await notificationAllowed(db, m.id, 'odds-alerts', 'email')).toBe(false);
    expect(await notificationAllowed(db, m.id, 'weekly-summary', 'email')).toBe(false);
    expect(await notificationAllowed(db, m.id, 'account', 'email')).toBe(true);
    expect(await notificationAllowed(db, m.id, 'account', 'push')).toBe(false);
  });

  it('follows the stored choice, except for essential mail', async () => {
    const m = await addMember(t);
    const other = await addMember(t);
    const db = t.database.db;
    const at = new Date(t.clock());
    await db.insert(notificationSettings).values([
      { userId: m.id, kind: 'odds-alerts', channel: 'push', enabled: false, updatedAt: at },
      { userId: m.id, kind: 'weekly-summary', channel: 'email', enabled: true, updatedAt: at },
      { userId: m.id, kind: 'billing-reminders', channel: 'email', enabled: false, updatedAt: at },
    ]);
    expect(await notificationAllowed(db, m.id, 'odds-alerts', 'push')).toBe(false);
    expect(await notificationAllowed(db, m.id, 'weekly-summary', 'email')).toBe(true);
    expect(await notificationAllowed(db, m.id, 'billing-reminders', 'email')).toBe(true);
    expect(await notificationAllowed(db, other.id, 'odds-alerts', 'push')).toBe(true);
    expect(await notificationSettingsOf(db, m.id)).toEqual({
      'odds-alerts': { push: false },
      'weekly-summary': { email: true },
      'billing-reminders': { email: false },
    });
  });
});
