// The offers' order on the embedded PGlite (order-suite.ts; PostgreSQL: order.pg.test.ts), the
// renumbering a move makes, and migration 0022's back-fill: the order members saw before offers
// had a position is the order they see after it.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { offers } from '../../db/schema';
import { MIGRATIONS, testDatabase } from '../../test/app';
import { renumbered } from './admin-move-offer';
import { offerOrderSuite } from './order-suite';
import { listOffers } from './queries';

offerOrderSuite('PGlite', testDatabase);

describe('renumbered', () => {
  const slugsOf = (order: { row: string; position: number }[]) => order.map((o) => `${o.row}${o.position}`);

  it('moves one row and numbers the new order 0, 1, 2..., whatever the positions were', () => {
    expect(slugsOf(renumbered(['a', 'b', 'c', 'd'], 2, 1))).toEqual(['a0', 'c1', 'b2', 'd3']);
    expect(slugsOf(renumbered(['a', 'b', 'c', 'd'], 0, 1))).toEqual(['b0', 'a1', 'c2', 'd3']);
    expect(slugsOf(renumbered(['a', 'b', 'c', 'd'], 3, 0))).toEqual(['d0', 'a1', 'b2', 'c3']);
  });

  it('gives nothing for a place outside the list (the first up, the last down)', () => {
    expect(renumbered(['a', 'b'], 0, -1)).toEqual([]);
    expect(renumbered(['a', 'b'], 1, 2)).toEqual([]);
    expect(renumbered([], 0, 0)).toEqual([]);
  });
});

describe('migration 0022 (offer positions)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchkit-0022-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'numbers each category’s offers newest first (id descending on a tie): the order members saw is kept',
    { timeout: 60_000 },
    async () => {
      // The migrations before 0022: a database as it was before offers had a position.
      const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
        entries: { idx: number; tag: string }[];
      };
      const before = journal.entries.filter((e) => e.idx < 22);
      expect(journal.entries.find((e) => e.idx === 22)?.tag).toBe('0022_offer_position');
      mkdirSync(join(dir, 'meta'));
      writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: before }));
      for (const name of readdirSync(MIGRATIONS).filter((n) => n.endsWith('.sql') && before.some((e) => `${e.tag}.sql` === n)))
        copyFileSync(join(MIGRATIONS, name), join(dir, name));

      const database = await openDatabase({ kind: 'pglite-memory' });
      try {
        await database.migrate(dir);
        // Two categories interleaved in time, a tie on the creation instant, a draft.
        const rows: [id: string, slug: string, category: string, createdAt: string, published: boolean][] = [
          ['of_1', 'r-old', 'reload-offers', '2026-03-01T10:00:00Z', true],
          ['of_2', 's-mid', 'sportsbook-signup-offers', '2026-03-01T10:01:00Z', true],
          ['of_a', 'r-tie-a', 'reload-offers', '2026-03-01T10:02:00Z', true],
          ['of_b', 'r-tie-b', 'reload-offers', '2026-03-01T10:02:00Z', true],
          ['of_3', 'r-draft', 'reload-offers', '2026-03-01T10:03:00Z', false],
          ['of_4', 's-new', 'sportsbook-signup-offers', '2026-03-01T10:04:00Z', true],
        ];
        for (const [id, slug, category, createdAt, published] of rows) {
          const at = new Date(createdAt).toISOString();
          await database.db.execute(sql`insert into "offers" ("id", "slug", "title", "category", "bookmaker", "summary", "body",
          "expected_profit", "created_at", "updated_at", "published_at")
          values (${id}, ${slug}, 'T', ${category}, 'b', 's', 'b', 1, ${at}, ${at}, ${published ? at : null})`);
        }
        await database.migrate(MIGRATIONS);
        const positions = await database.db
          .select({ slug: offers.slug, position: offers.position })
          .from(offers)
          .orderBy(asc(offers.category), asc(offers.position));
        expect(positions).toEqual([
          { slug: 'r-draft', position: 0 },
          { slug: 'r-tie-b', position: 1 },
          { slug: 'r-tie-a', position: 2 },
          { slug: 'r-old', position: 3 },
          { slug: 's-new', position: 0 },
          { slug: 's-mid', position: 1 },
        ]);
        // As a member lists them now: the same order as by creation, newest first.
        const categories = ['sportsbook-signup-offers', 'casino-signup-offers', 'reload-offers'];
        const reload = await listOffers(database.db, { categories, category: 'reload-offers', after: null, limit: 10 });
        expect(reload.map((o) => o.slug)).toEqual(['r-tie-b', 'r-tie-a', 'r-old']);
      } finally {
        await database.close();
      }
    },
  );
});
