import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../test/fixture-members';
import { createTestApp, type TestApp } from '../../test/app';

const SETTINGS = /* GraphQL */ `
  query {
    pushPublicKey
    notificationSettings { kind channel enabled switchable offered }
  }
`;
const SET = /* GraphQL */ `
  mutation Set($kind: String!, $channel: NotificationChannel!, $enabled: Boolean!) {
    setNotificationSetting(kind: $kind, channel: $channel, enabled: $enabled) { kind channel enabled }
  }
`;
type Setting = { kind: string; channel: string; enabled: boolean; switchable: boolean; offered: boolean };

describe('notification settings over GraphQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  it('gives anyone the VAPID public key, and none with PUSH=off', async () => {
    expect((await t.gql<{ pushPublicKey: string | null }>('{ pushPublicKey }')).data?.pushPublicKey).toBe(t.config.push?.publicKey);
    const off = await createTestApp({ env: { PUSH: 'off' } });
    try {
      expect((await off.gql<{ pushPublicKey: string | null }>('{ pushPublicKey }')).data?.pushPublicKey).toBeNull();
    } finally {
      await off.stop();
    }
  });

  it('lists every kind on both channels with the defaults, and stores a change', async () => {
    const m = await addMember(t);
    const before = await t.gql<{ notificationSettings: Setting[] }>(SETTINGS, {}, { token: m.token });
    const row = (list: readonly Setting[] | undefined, kind: string, channel: string) =>
      list?.find((s) => s.kind === kind && s.channel === channel);
    expect(before.data?.notificationSettings).toHaveLength(10);
    expect(row(before.data?.notificationSettings, 'weekly-summary', 'EMAIL')).toEqual({
      kind: 'weekly-summary',
      channel: 'EMAIL',
      enabled: false,
      switchable: true,
      offered: true,
    });
    expect(row(before.data?.notificationSettings, 'account', 'EMAIL')).toMatchObject({ enabled: true, switchable: false });
    expect(row(before.data?.notificationSettings, 'account', 'PUSH')).toMatchObject({ enabled: false, offered: false });
    const set = await t.gql<{ setNotificationSetting: Setting[] }>(
      SET,
      { kind: 'weekly-summary', channel: 'EMAIL', enabled: true },
      { token: m.token },
    );
    expect(row(set.data?.setNotificationSetting, 'weekly-summary', 'EMAIL')?.enabled).toBe(true);
    const other = await addMember(t);
    const theirs = await t.gql<{ notificationSettings: Setting[] }>(SETTINGS, {}, { token: other.token });
    expect(row(theirs.data?.notificationSettings, 'weekly-summary', 'EMAIL')?.enabled).toBe(false);
  });

  it('offers a switch only where the server sends something (sendPush and queueMail kinds)', async () => {
    const m = await addMember(t);
    const list = (await t.gql<{ notificationSettings: Setting[] }>(SETTINGS, {}, { token: m.token })).data?.notificationSettings;
    // Written out from the senders: alerts push (alerts/index.ts), billing reminders push and mail
    // (billing-mail.ts), commission push and mail (commission-payable.ts), the weekly summary mail
    // (summary-mail.ts), account mail. No odds-alert email exists.
    expect(list?.filter((s) => s.offered).map((s) => `${s.kind} ${s.channel}`)).toEqual([
      'odds-alerts PUSH',
      'billing-reminders PUSH',
      'billing-reminders EMAIL',
      'commission PUSH',
      'commission EMAIL',
      'weekly-summary EMAIL',
      'account EMAIL',
    ]);
  });

  it('refuses essential mail, an unknown kind, and anyone signed out, naming the field', async () => {
    const m = await addMember(t);
    const field = async (kind: string, channel: string) =>
      (await t.gql(SET, { kind, channel, enabled: false }, { token: m.token })).errors?.[0]?.extensions;
    expect(await field('account', 'EMAIL')).toMatchObject({ code: 'BAD_INPUT', field: 'channel' });
    expect(await field('marketing', 'EMAIL')).toMatchObject({ code: 'BAD_INPUT', field: 'kind' });
    expect((await t.gql(SETTINGS)).errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
