import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_HOSTS, pushEndpointProblem, pushHostAllowed } from './hosts';

describe('push hosts', () => {
  it("accepts the browsers' push services by default", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://wns2-db5p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
    ])
      expect(pushEndpointProblem(endpoint, DEFAULT_PUSH_HOSTS)).toBeNull();
  });

  it('refuses loopback, private, link-local and internal hosts, http and credentials', () => {
    for (const endpoint of [
      'https://127.0.0.1/push/x',
      'https://localhost:8443/x',
      'https://10.0.0.5/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/x',
      'https://metadata.google.internal/x',
      'https://redis/x',
      'https://push.services.mozilla.com.evil.example/x',
      'https://evilpush.services.mozilla.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'not a url',
    ])
      expect(pushEndpointProblem(endpoint, DEFAULT_PUSH_HOSTS), endpoint).not.toBeNull();
  });

  it('matches a *. entry below the domain only, and an exact entry exactly', () => {
    expect(pushHostAllowed('push.apple.com', ['*.push.apple.com'])).toBe(false);
    expect(pushHostAllowed('a.b.push.apple.com', ['*.push.apple.com'])).toBe(true);
    expect(pushHostAllowed('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(pushHostAllowed('127.0.0.2', ['127.0.0.1'])).toBe(false);
  });
});
