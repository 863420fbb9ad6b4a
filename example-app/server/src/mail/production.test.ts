// Production mail (issue 22's review: reset links were kept in plaintext in the outbox table
// whenever SMTP_URL was unset, production included): production refuses to start without
// SMTP_URL, refuses an outbox mailer, and empties the outbox at start. Issue 23's review: nor
// without MAIL_FROM (mail left as no-reply@localhost), nor with a From at a domain that takes no mail.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildTestApp, configProblems, PRODUCTION_ENV, testDatabase, testEnv } from '../test/app';
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

  it('refuses to start without MAIL_FROM, or with one at a domain that takes no mail, naming it', () => {
    expect(problems({ ...PRODUCTION_ENV, MAIL_FROM: '' })).toEqual([expect.stringMatching(/^MAIL_FROM is required in production/)]);
    for (const from of [
      'matchkit <no-reply@localhost>',
      'no-reply@mail.localhost',
      'Brightlay <no-reply@brightlay.invalid>',
      'no-reply@brightlay.test',
      'no-reply@brightlay.example',
      'no-reply@brightlay.local',
      'Brightlay <no-reply@BRIGHTLAY.TEST>',
      'not an address',
    ])
      expect(problems({ ...PRODUCTION_ENV, MAIL_FROM: from }), from).toEqual([expect.stringMatching(/^MAIL_FROM must be an address at/)]);
    expect(problems({ ...PRODUCTION_ENV, MAIL_FROM: 'Brightlay <no-reply@mail.brightlay.co.uk>' })).toEqual([]);
    expect(problems({ ...PRODUCTION_ENV, MAIL_FROM: 'no-reply@brightlay.co.uk' })).toEqual([]);
    // Development and tests keep the local default.
    expect(loadConfig(testEnv()).mailFrom).toBe('matchkit <no-reply@localhost>');
  });

  it('refuses a plain-http public origin off loopback: its unsubscribe links must be https (RFC 8058)', () => {
    for (const origin of ['http://app.example.com', 'http://192.168.1.20:3000'])
      expect(problems({ ...PRODUCTION_ENV, PUBLIC_ORIGIN: origin }), origin).toEqual([
        expect.stringMatching(/^PUBLIC_ORIGIN must be an https: origin in production/),
      ]);
    for (const origin of ['https://app.example.com', 'http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000'])
      expect(problems({ ...PRODUCTION_ENV, PUBLIC_ORIGIN: origin }), origin).toEqual([]);
    // Outside production, any origin.
    expect(problems({ PUBLIC_ORIGIN: 'http://app.example.com' })).toEqual([]);
    // No URL, or not http(s): one message naming it, never a crash.
    for (const bad of ['app.example.com', 'ftp://app.example.com'])
      for (const env of [PRODUCTION_ENV, {}])
        expect(problems({ ...env, PUBLIC_ORIGIN: bad }), bad).toEqual([expect.stringMatching(/^PUBLIC_ORIGIN must be an origin/)]);
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
