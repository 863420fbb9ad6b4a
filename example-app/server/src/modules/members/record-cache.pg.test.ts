// The kept member records on a database of its own on the test run's PostgreSQL (test/postgres.ts),
// as two server processes share it: two databases opened on the same data (two pools, two listening
// connections), each with its own kept records. Whatever either writes, a read through either's
// kept records after the write commits equals a fresh query; a listener that loses its connection
// serves nothing it may have missed.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { postgresMemberChanges } from '../../db/member-changes';
import type { MemberRecordSource } from '../../kernel';
import { testPostgresDatabases } from '../../test/postgres';
import { loadMemberRecord } from './access';
import { memberRecordSource } from './record-cache';
import { registerMember, writeMember, type MemberWrite } from './record-writes';

const MEMBERS = ['u_p1', 'u_p2', 'u_p3'] as const;

function memberAt(index: number): string {
  const id = MEMBERS[index];
  if (id === undefined) throw new Error(`no member ${index}`);
  return id;
}

const servers = testPostgresDatabases();
afterAll(() => servers.stop());

/** A MemberWrite naming its member by index in MEMBERS (the arbitraries draw indices). */
type Write =
  | { kind: 'logout' | 'rename' | 'capabilities' | 'refund' | 'drop-grant' | 'sign-in' | 'revoke' | 'close' | 'reopen'; member: number }
  | { kind: 'grant'; member: number; plan: string }
  | { kind: 'truncate-refunds' };

const toMemberWrite = (w: Write): MemberWrite => (w.kind === 'truncate-refunds' ? w : { ...w, member: memberAt(w.member) });
type Op =
  | { kind: 'read'; process: number; member: number }
  | { kind: 'write'; process: number; write: Write }
  | { kind: 'read-racing-write'; reader: number; writer: number; member: number; write: Write };

describe('the kept member records on PostgreSQL, two processes', () => {
  let processes: Database[] = [];
  let sources: MemberRecordSource[] = [];
  let serial = 0;
  beforeAll(async () => {
    const first = await servers.open();
    const second = await openDatabase({ kind: 'postgres', url: first.url as string, poolSize: 4 });
    processes = [first, second];
    sources = processes.map((p) => memberRecordSource(p));
  }, 120_000);
  beforeEach(async () => {
    for (const id of MEMBERS) await registerMember(on(0).db, id);
  });
  afterAll(async () => {
    for (const s of sources) s.close();
    for (const p of processes) await p.close();
  });

  const on = (index: number): Database => {
    const p = processes[index];
    if (p === undefined) throw new Error(`no process ${index}`);
    return p;
  };
  const sourceOf = (index: number): MemberRecordSource => {
    const s = sources[index];
    if (s === undefined) throw new Error(`no source ${index}`);
    return s;
  };

  /** One write through `process`'s pool. */
  const write = (process: number, w: Write) => writeMember(on(process).db, toMemberWrite(w), (serial += 1));

  const member = fc.integer({ min: 0, max: MEMBERS.length - 1 });
  const process = fc.integer({ min: 0, max: 1 });
  const writeOf: fc.Arbitrary<Write> = fc.oneof(
    fc.record({ kind: fc.constantFrom('logout', 'rename', 'capabilities', 'refund', 'drop-grant', 'sign-in', 'revoke'), member }),
    fc.record({ kind: fc.constantFrom('close', 'reopen'), member }),
    fc.record({ kind: fc.constant('grant' as const), member, plan: fc.constantFrom('platinum', 'diamond') }),
    fc.constant({ kind: 'truncate-refunds' as const }),
  );
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('read' as const), process, member }),
    fc.record({ kind: fc.constant('read' as const), process, member }),
    fc.record({ kind: fc.constant('write' as const), process, write: writeOf }),
    fc.record({ kind: fc.constant('write' as const), process, write: writeOf }),
    fc.record({ kind: fc.constant('read-racing-write' as const), reader: process, writer: process, member, write: writeOf }),
  );

  it('a kept record always equals the database: after any interleaving of writes and reads through either process, every read once a write commits equals a fresh query', async () => {
    // Both listeners up (each connects with its first subscriber).
    for (const p of processes) await expect.poll(() => p.memberChanges.sync()).toBe(true);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 20 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'read') await sourceOf(o.process).load(memberAt(o.member));
          else if (o.kind === 'write') await write(o.process, o.write);
          else await Promise.all([sourceOf(o.reader).load(memberAt(o.member)), write(o.writer, o.write)]);
          // The write has committed: both processes read what a fresh query reads, at once (the
          // kept reads first, before a fresh query's round trip gives a notice time to arrive).
          for (const id of MEMBERS) {
            const [kept0, kept1] = await Promise.all([sourceOf(0).load(id), sourceOf(1).load(id)]);
            const fresh = await loadMemberRecord(on(0).db, id);
            expect(kept0).toEqual(fresh);
            expect(kept1).toEqual(fresh);
          }
        }
      }),
      { numRuns: 30 },
    );
    // The records were kept, not read every time (the property would hold with nothing kept).
    expect(sources.every((s) => s.size > 0)).toBe(true);
  }, 120_000);

  it('keeps a read: the second read of an unchanged member makes no query on the pool', async () => {
    const source = sourceOf(0);
    await source.load('u_p1');
    await source.load('u_p1');
    const pool = (on(0).db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const original = pool.query;
    let queries = 0;
    pool.query = (...args: unknown[]) => {
      queries += 1;
      return (original as (...a: unknown[]) => unknown).apply(pool, args);
    };
    try {
      await source.load('u_p1');
      expect(queries).toBe(0);
      await write(1, { kind: 'rename', member: 0 });
      queries = 0;
      await source.load('u_p1');
      expect(queries).toBe(1);
    } finally {
      pool.query = original;
    }
  });

  it('serves nothing a dropped listener may have missed: a change made while it reconnects is read, never the record kept before', async () => {
    const [first, second] = [on(0), on(1)];
    // A listener of its own, named so that it alone is cut, slow to come back so the write surely falls in the gap.
    const changes = postgresMemberChanges(first.url as string, { reconnectDelayMs: 400, applicationName: 'matchkit-test-cut' });
    const source = memberRecordSource({ ...first, memberChanges: changes });
    try {
      await expect.poll(() => changes.listening).toBe(true);
      const kept = await source.load('u_p2');
      await source.load('u_p2');
      expect(source.size).toBe(1);
      await second.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'matchkit-test-cut' and datname = current_database()`,
      );
      await expect.poll(() => changes.listening).toBe(false);
      // A change nobody in `first`'s listener hears (no connection), committed while it is down.
      await write(1, { kind: 'rename', member: 1 });
      const during = await source.load('u_p2');
      expect(during).toEqual(await loadMemberRecord(first.db, 'u_p2'));
      expect(during).not.toEqual(kept);
      expect(source.size).toBe(0);
      await expect.poll(() => changes.listening).toBe(true);
      expect(await source.load('u_p2')).toEqual(await loadMemberRecord(first.db, 'u_p2'));
      expect(await source.load('u_p2')).not.toEqual(kept);
    } finally {
      source.close();
      await changes.close();
    }
  });

  it('every table the record is read from notifies a changed member in the writing transaction (rows and truncation)', async () => {
    // The member record query's text, as PostgreSQL prepared it (one connection, so the same session).
    const single = await openDatabase({ kind: 'postgres', url: on(0).url as string, poolSize: 1 });
    try {
      await loadMemberRecord(single.db, 'u_p1');
      const query = <Row>(text: string) =>
        (single.db as unknown as { $client: { query: (q: string) => Promise<{ rows: Row[] }> } }).$client.query(text);
      const [prepared] = (await query<{ statement: string }>("select statement from pg_prepared_statements where name = 'member_record'"))
        .rows;
      const text = prepared?.statement ?? '';
      const tables = [...new Set([...text.matchAll(/\b(?:from|join)\s+"(\w+)"/gi)].map((m) => m[1] as string))].sort();
      expect(tables).toEqual(['ledger', 'refunds', 'sessions', 'users']);
      // Per table: an AFTER row trigger on insert, update and delete (tgtype: row 1, insert 4,
      // delete 8, update 16) that notifies the member, and one on truncate (32) that notifies '*'.
      const { rows: triggers } = await query<{ table: string; row: boolean; truncate: boolean }>(`
        select c.relname as "table",
          bool_or(p.proname = 'matchkit_member_changed' and (t.tgtype & 1) = 1 and (t.tgtype & 2) = 0 and (t.tgtype & 28) = 28) as "row",
          bool_or(p.proname = 'matchkit_members_truncated' and (t.tgtype & 32) = 32) as "truncate"
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal and t.tgenabled <> 'D'
        group by c.relname`);
      for (const table of tables)
        expect(
          triggers.find((r) => r.table === table),
          table,
        ).toEqual({ table, row: true, truncate: true });
    } finally {
      await single.close();
    }
  });
});
