import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { testDatabase } from '../../test/app';
import { loadMemberRecord } from './access';
import type { MemberRecordSource } from '../../kernel';
import { memberRecordSource } from './record-cache';
import { registerMember, writeMember } from './record-writes';

const MEMBERS = ['u_c1', 'u_c2', 'u_c3'] as const;

/** The member at `index` of MEMBERS (the arbitraries draw indices in range). */
function memberAt(index: number): string {
  const id = MEMBERS[index];
  if (id === undefined) throw new Error(`no member ${index}`);
  return id;
}

type Op =
  | { kind: 'read'; member: number }
  | { kind: 'logout'; member: number }
  | { kind: 'rename'; member: number }
  | { kind: 'grant'; member: number; plan: string }
  | { kind: 'refund'; member: number }
  | { kind: 'drop-grant'; member: number }
  | { kind: 'truncate-refunds' }
  | { kind: 'read-racing-write'; member: number };

describe('the kept member records (embedded database)', () => {
  let database: Database;
  let source: MemberRecordSource;
  let serial = 0;
  beforeAll(async () => {
    database = await testDatabase();
    source = memberRecordSource(database);
    for (const id of MEMBERS) await registerMember(database.db, id);
  });
  afterAll(async () => {
    source.close();
    await database.close();
  });

  const write = (op: Exclude<Op, { kind: 'read' } | { kind: 'read-racing-write' }>) =>
    writeMember(database.db, op.kind === 'truncate-refunds' ? op : { ...op, member: memberAt(op.member) }, (serial += 1));

  const member = fc.integer({ min: 0, max: MEMBERS.length - 1 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('read' as const), member }),
    fc.record({ kind: fc.constant('read' as const), member }),
    fc.record({ kind: fc.constant('logout' as const), member }),
    fc.record({ kind: fc.constant('rename' as const), member }),
    fc.record({ kind: fc.constant('grant' as const), member, plan: fc.constantFrom('platinum', 'diamond') }),
    fc.record({ kind: fc.constant('refund' as const), member }),
    fc.record({ kind: fc.constant('drop-grant' as const), member }),
    fc.constant({ kind: 'truncate-refunds' as const }),
    fc.record({ kind: fc.constant('read-racing-write' as const), member }),
  );

  it('a kept record always equals the database: after any sequence of writes, reads and reads racing writes, every member reads as a fresh query does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'read') await source.load(memberAt(o.member));
          else if (o.kind === 'read-racing-write')
            await Promise.all([source.load(memberAt(o.member)), write({ kind: 'logout', member: o.member })]);
          else await write(o);
          for (const id of MEMBERS) expect(await source.load(id)).toEqual(await loadMemberRecord(database.db, id));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('keeps a read: the second read of an unchanged member makes no query', async () => {
    await source.load('u_c1');
    const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const original = client.query;
    let queries = 0;
    client.query = (...args: unknown[]) => {
      queries += 1;
      return (original as (...a: unknown[]) => unknown).apply(client, args);
    };
    try {
      await source.load('u_c1');
      expect(queries).toBe(0);
      await write({ kind: 'logout', member: 0 });
      queries = 0;
      await source.load('u_c1');
      expect(queries).toBe(1);
    } finally {
      client.query = original;
    }
  });

  it('does not keep a read that a change raced: a change reported while the query ran leaves nothing kept', async () => {
    let report: ((userId: string) => void) | undefined;
    const reported: Database = {
      ...database,
      memberChanges: { subscribe: (listener) => ((report = listener), () => undefined), sync: () => true },
    };
    const raced = memberRecordSource(reported);
    try {
      const pending = raced.load('u_c3');
      report?.('u_c2');
      await pending;
      expect(raced.size).toBe(0);
      await raced.load('u_c3');
      expect(raced.size).toBe(1);
      report?.('*');
      expect(raced.size).toBe(0);
    } finally {
      raced.close();
    }
  });

  it('keeps at most the given number of records, dropping the least recently read', async () => {
    const small = memberRecordSource(database, 2);
    try {
      await small.load('u_c1');
      await small.load('u_c2');
      await small.load('u_c1');
      await small.load('u_c3');
      expect(small.size).toBe(2);
    } finally {
      small.close();
    }
  });

  it('shares frozen records: a caller cannot change what the next request reads', async () => {
    const record = await source.load('u_c2');
    expect(Object.isFrozen(record)).toBe(true);
    expect(Object.isFrozen(record?.user)).toBe(true);
    expect(Object.isFrozen(record?.grants)).toBe(true);
  });
});
