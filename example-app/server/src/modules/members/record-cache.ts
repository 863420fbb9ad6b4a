// The member records an authenticated request reads (row, ledger, refunds, unrevoked sessions),
// kept in memory and dropped when the database reports that they changed (Database.memberChanges:
// triggers NOTIFY the member's id in the writing transaction). A kept record is used only after
// `sync()` says every change committed before the read was heard: at once on the embedded PGlite,
// which reports a change before the write returns; after one round trip on the listening connection
// on PostgreSQL, where another process may have written (db/member-changes.ts). When that cannot be
// known (the listener is reconnecting), the database is read and nothing is kept.
//
// A read that raced a change is not kept: each change bumps a counter, and a record read while the
// counter moved is returned to its caller but not stored. Records are frozen: they are shared by
// every request of the member until their next change.
import type { Database } from '../../db/client';
import type { MemberRecord, MemberRecordSource } from '../../kernel';
import { loadMemberRecord } from './access';

/** Records kept at most (the least recently used goes first). */
export const MEMBER_RECORDS_KEPT = 10_000;

/** The record source for `database`: records kept in memory until the database reports their change. */
export function memberRecordSource(database: Database, maxKept = MEMBER_RECORDS_KEPT): MemberRecordSource {
  const changes = database.memberChanges;
  const kept = new Map<string, { readonly record: MemberRecord | null }>();
  let changeCount = 0;
  const unsubscribe = changes.subscribe((userId) => {
    changeCount += 1;
    if (userId === '*') kept.clear();
    else kept.delete(userId);
  });
  return {
    async load(userId) {
      const synced = changes.sync();
      if (synced !== true && !(await synced)) return freezeRecord(await loadMemberRecord(database.db, userId));
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
