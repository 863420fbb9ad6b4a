import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { gqlFrom, registerMember } from './test-support';

const CHANGE_NAME = /* GraphQL */ `
  mutation ChangeName($input: ChangeNameInput!) {
    changeName(input: $input) { ok error { code message field } user { firstName lastName } }
  }
`;

type ChangeNameAnswer = {
  changeName: {
    ok: boolean;
    error: { code: string; message: string; field: string | null } | null;
    user: { firstName: string; lastName: string } | null;
  };
};

describe('changeName', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  const row = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

  it('stores the trimmed names and answers with the member', async () => {
    const m = await registerMember(t);
    const r = await gqlFrom<ChangeNameAnswer>(
      t,
      CHANGE_NAME,
      { input: { firstName: '  Grace ', lastName: 'Hopper ' } },
      { token: m.token },
    );
    expect(r.data?.changeName).toEqual({ ok: true, error: null, user: { firstName: 'Grace', lastName: 'Hopper' } });
    expect(await row(m.id)).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  });

  it.each([
    ['input.firstName', { firstName: '   ', lastName: 'Hopper' }, 'Enter your first name.'],
    ['input.lastName', { firstName: 'Grace', lastName: 'H'.repeat(101) }, 'Your last name can be at most 100 characters.'],
  ])('refuses a bad name as BAD_INPUT naming %s, and stores nothing', async (field, input, message) => {
    const m = await registerMember(t);
    const r = await gqlFrom<ChangeNameAnswer>(t, CHANGE_NAME, { input }, { token: m.token });
    expect(r.data?.changeName).toEqual({ ok: false, error: { code: 'BAD_INPUT', message, field }, user: null });
    expect(await row(m.id)).toMatchObject({ firstName: 'Ada', lastName: 'Lay' });
  });

  it('refuses a control character in a name, at the edge, and stores nothing', async () => {
    const m = await registerMember(t);
    const r = await gqlFrom<ChangeNameAnswer>(
      t,
      CHANGE_NAME,
      { input: { firstName: 'Grace', lastName: 'Hop\u0007per' } },
      { token: m.token },
    );
    expect(r.errors?.[0]?.extensions?.['code']).toBe('BAD_INPUT');
    expect(await row(m.id)).toMatchObject({ firstName: 'Ada', lastName: 'Lay' });
  });

  it('needs a signed-in member', async () => {
    const r = await gqlFrom(t, CHANGE_NAME, { input: { firstName: 'Grace', lastName: 'Hopper' } });
    expect(r.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
  });
});
