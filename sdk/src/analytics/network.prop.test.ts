import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordedUrl } from './network';

describe('network capture laws', () => {
  it('for any credentials, the recorded URL contains neither the user name nor the password', () => {
    const part = fc.stringMatching(/^[A-Za-z0-9]{4,12}$/).map((p) => `zz${p}`); // "zz" keeps it out of the host and path
    fc.assert(
      fc.property(part, part, fc.boolean(), fc.boolean(), (user, password, withPassword, keepQuery) => {
        const userInfo = withPassword ? `${user}:${password}` : user;
        for (const url of [`https://${userInfo}@api.example.com/p?a=1`, `http://${userInfo}@127.0.0.1:8080/`, `//${userInfo}@host.example/x`]) {
          const out = recordedUrl(url, keepQuery);
          expect(out).not.toContain(user);
          expect(out).not.toContain(password);
          expect(out).not.toContain('@');
        }
      }),
      { numRuns: 300 },
    );
  });
});
