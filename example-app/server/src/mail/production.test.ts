// Production mail (issue 22's review: reset links were kept in plaintext in the outbox table
// whenever SMTP_URL was unset, production included): production refuses to start without
// SMTP_URL, refuses an outbox mailer, and empties the outbox at start.
import { describe, expect, it } from 'vitest';
import { buildTestApp, configProblems, PRODUCTION_ENV, testDatabase } from '../test/app';
import { createOutboxMailer } from './mailer';
import { productionOutboxSuite } from './production-suite';

const problems = configProblems;

describe('mail in production', () => {
  it('refuses to start without SMTP_URL, naming it', () => {
    expect(problems({ ...PRODUCTION_ENV, SMTP_URL: '' })).toEqual([expect.stringMatching(/^SMTP_URL is required in production/)]);
    expect(problems({ ...PRODUCTION_ENV })).toEqual([]);
    // Development keeps its outbox.
    expect(problems({ SMTP_URL: '' })).toEqual([]);
  });

  it('refuses to build with the outbox mailer', async () => {
    const database = await testDatabase();
    await expect(buildTestApp({ env: { ...PRODUCTION_ENV }, database, mail: createOutboxMailer() })).rejects.toThrow(
      'production sends mail through SMTP_URL',
    );
    await database.close();
  });
});

productionOutboxSuite('PGlite', testDatabase);
