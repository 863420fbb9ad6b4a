// The Host header check (http/host.ts): the rule itself here, the running app on PGlite through
// host-suite.ts (on PostgreSQL: host.pg.test.ts).
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../test/app';
import { hostCheck } from './host';
import { hostSuite } from './host-suite';

describe('hostCheck', () => {
  it('accepts the hosts of PUBLIC_ORIGIN and ALLOWED_ORIGINS (default port or not, any case), nothing else', () => {
    const check = hostCheck('https://app.example.com', ['https://app.example.com', 'https://partner.example.org:8443']);
    for (const host of ['app.example.com', 'APP.example.com', 'app.example.com:443', 'partner.example.org:8443'])
      expect(check(host), host).toBe(true);
    for (const host of [
      null,
      '',
      'evil.example',
      'app.example.com.evil.example',
      'app.example.com:8080',
      'partner.example.org',
      'localhost',
      '127.0.0.1:3000',
      'app.example.com/x',
      'user@app.example.com',
    ])
      expect(check(host), String(host)).toBe(false);
  });

  it('accepts the loopback names on any port when PUBLIC_ORIGIN is plain http on loopback (development)', () => {
    const check = hostCheck('http://localhost:3000', ['http://localhost:3000']);
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'localhost:5173', '127.0.0.1'])
      expect(check(host), host).toBe(true);
    for (const host of ['rebind.evil.example:3000', 'localhost.evil.example:3000', '127.0.0.2:3000', '0.0.0.0:3000'])
      expect(check(host), host).toBe(false);
  });
});

hostSuite('PGlite', testDatabase);
