// The member records an authenticated request reads (row, ledger, refunds, unrevoked sessions), kept in memory when the
// database is the embedded PGlite. PGlite belongs to this one process, and it reports every
// committed change to a member's record synchronously (Database.memberChanges), so a kept record is
// never older than the database: the entry is dropped before the write that changed it returns.
// On PostgreSQL (several processes, notices that arrive late) every request reads the database.
//
// A read that raced a change is not kept: each change bumps a counter, and a record read while the
// counter moved is returned to its caller but not stored. Records are frozen: they are shared by
// every request of the member until their next change.
import type { Database } from '../../db/client';
import type { MemberRecord, MemberRecordSource } from '../../kernel';
import { loadMemberRecord } from './access';

/** Records kept at most (the least recently used goes first). */
export const MEMBER_RECORDS_KEPT = 10_000;

/** The record source for `database`: kept in memory on PGlite, read every time on PostgreSQL. */
export function memberRecordSource(database: Database, maxKept = MEMBER_RECORDS_KEPT): MemberRecordSource {
  const changes = database.memberChanges;
  if (changes === null) {
    return { load: (userId) => loadMemberRecord(database.db, userId), size: 0, close: () => undefined };
  }
  const kept = new Map<string, { readonly record: MemberRecord | null }>();
  let changeCount = 0;
  const unsubscribe = changes.subscribe((userId) => {
    changeCount += 1;
    if (userId === '*') kept.clear();
    else kept.delete(userId);
  });
  return {
    async load(userId) {
      const hit = kept.get(userId);
      if (hit !== undefined) {
        kept.delete(userId);
        kept.set(userId, hit);
        return hit.record;
      }
      const before = changeCount;
      const record = freezeRecord(await loadMemberRecord(database.db, userId));
      if (changeCount === before) {
        kept.set(userId, { record });
        if (kept.size > maxKept) kept.delete(kept.keys().next().value as string);
      }
      return record;
    },
    get size() {
      return kept.size;
    },
    close: unsubscribe,
  };
}

function freezeRecord(record: MemberRecord | null): MemberRecord | null {
  if (record === null) return null;
  Object.freeze(record.user);
  record.grants.forEach((g) => Object.freeze(g));
  record.refunds.forEach((r) => Object.freeze(r));
  record.sessions.forEach((s) => Object.freeze(s));
  Object.freeze(record.grants);
  Object.freeze(record.refunds);
  Object.freeze(record.sessions);
  return Object.freeze(record);
}
