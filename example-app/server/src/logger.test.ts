// What an error shows when it is logged or printed: a failed query on a real (in-memory) PGlite
// keeps its SQL and the database's reason and code, never its parameters or the values the
// database quotes (a password hash here), in the log line's fields and in the commands' text.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/client';
import { errorForLog, errorLines } from './logger';

const SECRET = 'scrypt$32768$8$3$not-a-real-hash-but-a-secret';

describe('errors as logs and commands show them', () => {
  let database: Database;
  let failure: unknown;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite-memory' });
    await database.db.execute(sql`create table people (id text primary key, hash text not null)`);
    await database.db.execute(sql`insert into people values ('a', ${SECRET})`);
    failure = await database.db.execute(sql`insert into people values ('a', ${SECRET})`).then(
      () => null,
      (error: unknown) => error,
    );
  });
  afterAll(() => database.close());

  it('keeps a failed query’s SQL, the reason and its code; drops its parameters', () => {
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toContain(SECRET);
    const logged = JSON.stringify(errorForLog(failure));
    expect(logged).not.toContain(SECRET);
    expect(logged).toContain("insert into people values ('a', $1)");
    const text = errorLines(failure);
    expect(text).not.toContain(SECRET);
    expect(text.split('\n')).toEqual([
      "Failed query: insert into people values ('a', $1)",
      expect.stringMatching(
        /^caused by: duplicate key value violates unique constraint "\[redacted\]" \(23505; table people; constraint people_pkey\)$/,
      ),
    ]);
  });
});
