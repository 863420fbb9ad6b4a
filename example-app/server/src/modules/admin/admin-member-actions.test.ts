// Mutation.adminEndSessions and Mutation.adminResendVerification against the handler on a cloned
// PGlite: refused to members, each acting as the member's own action does (their tokens stop
// working; a new link to confirm their address is queued), each with its audit line.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, outbox, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, type FixtureMember } from '../../test/fixture-members';
import { signInAs } from '../../auth/sessions';

const END = 'mutation ($m: ID!) { adminEndSessions(member: $m) { ok error { code message field } } }';
const RESEND = 'mutation ($m: ID!) { adminResendVerification(member: $m) { ok error { code message field } } }';
const PAGE = 'query ($id: ID!) { adminMember(id: $id) { activeSessions emailVerifiedAt } }';

type Result<K extends string> = Record<K, { ok: boolean; error: { code: string; message: string; field: string | null } | null }>;

describe('a member page\u2019s actions (primary brand)', () => {
  let t: TestApp;
  let admin: FixtureMember;
  let member: FixtureMember;
  let other: FixtureMember;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await addMember(t, { username: 'the_admin', additionalCapabilities: ['PA-CAP-028'] });
    member = await addMember(t, { username: 'ended', plan: 'platinum' });
    other = await addMember(t, { username: 'other' });
  });
  afterAll(() => t.stop());

  const audit = (action: string, target: string) =>
    t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, action), eq(adminAudit.target, target)));

  it('refuses both to a visitor (UNAUTHENTICATED) and to a member (FORBIDDEN)', async () => {
    for (const query of [END, RESEND]) {
      expect((await t.gql(query, { m: other.id })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await t.gql(query, { m: other.id }, { token: member.token })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect(await audit('adminEndSessions', other.id)).toEqual([]);
  });

  it('ends every session of the member: each token gets UNAUTHENTICATED, the administrator stays signed in, one audit line', async () => {
    const second = await signInAs({ db: t.database.db, tokens: t.app.deps.tokens }, member.id, t.clock());
    const tokens = [member.token, second.token];
    for (const token of tokens) expect((await t.gql('{ mySessions { id } }', {}, { token })).errors).toBeUndefined();
    expect(
      (await t.gql<{ adminMember: { activeSessions: number } }>(PAGE, { id: member.id }, { token: admin.token })).data?.adminMember
        .activeSessions,
    ).toBe(2);

    const r = await t.gql<Result<'adminEndSessions'>>(END, { m: member.id }, { token: admin.token });
    expect(r.data?.adminEndSessions).toEqual({ ok: true, error: null });
    for (const token of tokens)
      expect((await t.gql('{ mySessions { id } }', {}, { token })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.gql('{ mySessions { id } }', {}, { token: admin.token })).errors).toBeUndefined();
    expect(
      (await t.gql<{ adminMember: { activeSessions: number } }>(PAGE, { id: member.id }, { token: admin.token })).data?.adminMember
        .activeSessions,
    ).toBe(0);

    const lines = await audit('adminEndSessions', member.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ adminId: admin.id, before: { liveSessions: 2 }, after: { liveSessions: 0 } });
  });

  it('is NOT_FOUND for an unknown member, with no audit line', async () => {
    for (const query of [END, RESEND]) {
      const r = await t.gql<Result<'adminEndSessions' | 'adminResendVerification'>>(query, { m: 'u_nobody' }, { token: admin.token });
      expect(Object.values(r.data ?? {})[0]?.error).toMatchObject({ code: 'NOT_FOUND', field: 'member' });
    }
    expect(await audit('adminEndSessions', 'u_nobody')).toEqual([]);
    expect(await audit('adminResendVerification', 'u_nobody')).toEqual([]);
  });

  it('mails an unconfirmed member a new link to confirm their address, with an audit line; CONFLICT once confirmed', async () => {
    const db = t.database.db;
    const verified = await t.gql<Result<'adminResendVerification'>>(RESEND, { m: other.id }, { token: admin.token });
    expect(verified.data?.adminResendVerification.error).toMatchObject({ code: 'CONFLICT' });
    expect(await db.select().from(outbox).where(eq(outbox.to, other.email))).toEqual([]);

    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, other.id));
    expect(
      (await t.gql<{ adminMember: { emailVerifiedAt: string | null } }>(PAGE, { id: other.id }, { token: admin.token })).data?.adminMember
        .emailVerifiedAt,
    ).toBeNull();
    const r = await t.gql<Result<'adminResendVerification'>>(RESEND, { m: other.id }, { token: admin.token });
    expect(r.data?.adminResendVerification).toEqual({ ok: true, error: null });
    const mail = await db.select().from(outbox).where(eq(outbox.to, other.email));
    expect(mail.map((m) => [m.kind, m.userId])).toEqual([['verify-email', other.id]]);
    expect(mail[0]?.text).toMatch(/\/verify-email/);
    const lines = await audit('adminResendVerification', other.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ adminId: admin.id, before: { email: other.email, verified: false } });
  });
});
