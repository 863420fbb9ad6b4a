import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_VAPID_SUBJECT, loadConfig } from '../config';
import { DEFAULT_PUSH_HOSTS } from './hosts';
import { configProblems, PRODUCTION_ENV, testEnv } from '../test/app';

const problems = configProblems;
const names = (list: readonly string[]) => list.map((p) => p.split(' ')[0]);

describe('VAPID configuration', () => {
  it('outside production, generates a P-256 pair once into DATA_DIR/secrets.json and keeps it', () => {
    const env = testEnv();
    const first = loadConfig(env).push;
    if (first === null) throw new Error('push is off');
    expect(first.subject).toBe(DEVELOPMENT_VAPID_SUBJECT);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    // web-push accepts the pair as VAPID details (it validates both keys and the subject).
    expect(() => webpush.setVapidDetails(first.subject, first.publicKey, first.privateKey)).not.toThrow();
    const kept = JSON.parse(readFileSync(join(env['DATA_DIR'] ?? '', 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(kept['VAPID_PRIVATE_KEY']).toBe(first.privateKey);
    expect(loadConfig(env).push).toEqual(first);
  });

  it('PUSH=off needs no key and turns push off', () => {
    expect(loadConfig(testEnv({ PUSH: 'off' })).push).toBeNull();
    expect(problems({ ...PRODUCTION_ENV, PUSH: 'off', VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '', VAPID_SUBJECT: '' })).toEqual([]);
    expect(names(problems({ PUSH: 'sometimes' }))).toEqual(['PUSH']);
  });

  it('requires the pair and the subject in production while PUSH is on, naming each', () => {
    const found = problems({ ...PRODUCTION_ENV, VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '', VAPID_SUBJECT: '' });
    expect(found).toEqual([
      expect.stringMatching(/^VAPID_PUBLIC_KEY is required in production while PUSH is on/),
      expect.stringMatching(/^VAPID_PRIVATE_KEY is required in production while PUSH is on/),
      expect.stringMatching(/^VAPID_SUBJECT is required in production while PUSH is on/),
    ]);
    expect(loadConfig(testEnv({ ...PRODUCTION_ENV })).push).toEqual({
      publicKey: PRODUCTION_ENV.VAPID_PUBLIC_KEY,
      privateKey: PRODUCTION_ENV.VAPID_PRIVATE_KEY,
      subject: PRODUCTION_ENV.VAPID_SUBJECT,
    });
  });

  it('refuses keys of the wrong shape, half a pair and a subject that is not mailto: or https:, never echoing a key', () => {
    const privateKey = PRODUCTION_ENV.VAPID_PRIVATE_KEY;
    const bad = problems({ VAPID_PUBLIC_KEY: privateKey, VAPID_PRIVATE_KEY: 'a+b/c', VAPID_SUBJECT: 'http://example.com' });
    expect(names(bad)).toEqual(['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT']);
    expect(bad.join('\n')).not.toContain(privateKey);
    expect(names(problems({ VAPID_PUBLIC_KEY: PRODUCTION_ENV.VAPID_PUBLIC_KEY }))).toEqual(['VAPID_PRIVATE_KEY']);
    expect(problems({ VAPID_SUBJECT: 'https://app.example.com/contact' })).toEqual([]);
  });

  it("sends only to the browsers' push services unless PUSH_ALLOWED_HOSTS names others, never an address in production", () => {
    expect(loadConfig(testEnv()).pushAllowedHosts).toEqual(DEFAULT_PUSH_HOSTS);
    expect(loadConfig(testEnv({ PUSH_ALLOWED_HOSTS: ' FCM.googleapis.com, 127.0.0.1 ' })).pushAllowedHosts).toEqual([
      'fcm.googleapis.com',
      '127.0.0.1',
    ]);
    expect(names(problems({ PUSH_ALLOWED_HOSTS: 'https://fcm.googleapis.com' }))).toEqual(['PUSH_ALLOWED_HOSTS']);
    expect(names(problems({ PUSH_ALLOWED_HOSTS: 'fcm.googleapis.com,,' }))).toEqual(['PUSH_ALLOWED_HOSTS']);
    expect(names(problems({ ...PRODUCTION_ENV, PUSH_ALLOWED_HOSTS: '127.0.0.1' }))).toEqual(['PUSH_ALLOWED_HOSTS']);
    expect(names(problems({ ...PRODUCTION_ENV, PUSH_ALLOWED_HOSTS: 'localhost' }))).toEqual(['PUSH_ALLOWED_HOSTS']);
    expect(problems({ ...PRODUCTION_ENV, PUSH_ALLOWED_HOSTS: 'push.example.com,*.push.apple.com' })).toEqual([]);
  });
});
