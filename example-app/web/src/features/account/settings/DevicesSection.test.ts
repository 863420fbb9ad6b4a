import { describe, expect, it } from 'vitest';
import { deviceLine, deviceName, sinceInWords } from './DevicesSection';

const NOW = Date.parse('2026-03-02T10:00:00Z');

describe('signed-in devices in words', () => {
  it('names the browser and system, or what is known of the device', () => {
    expect(deviceName({ browser: 'Chrome', os: 'Linux', deviceType: 'COMPUTER' })).toBe('Chrome on Linux');
    expect(deviceName({ browser: null, os: 'Android', deviceType: 'PHONE' })).toBe('A phone on Android');
    expect(deviceName({ browser: null, os: null, deviceType: 'OTHER' })).toBe('A device');
  });

  it('says how long ago, in whole units', () => {
    expect(sinceInWords(NOW - 20_000, NOW)).toBe('just now');
    expect(sinceInWords(NOW - 5 * 60_000 - 59_000, NOW)).toBe('5 minutes ago');
    expect(sinceInWords(NOW - 3 * 3_600_000, NOW)).toBe('3 hours ago');
    expect(sinceInWords(NOW - 2 * 86_400_000, NOW)).toBe('2 days ago');
  });

  it('marks this device, and says when another was last active', () => {
    const base = { id: 's', deviceType: 'COMPUTER' as const, browser: 'Chrome', os: 'Linux', ipAddress: null, signedInAt: '' };
    expect(deviceLine({ ...base, current: true, lastSeenAt: new Date(NOW - 600_000).toISOString() }, NOW)).toBe(
      'Chrome on Linux, active now, this device',
    );
    expect(deviceLine({ ...base, current: false, lastSeenAt: new Date(NOW - 5 * 60_000).toISOString() }, NOW)).toBe(
      'Chrome on Linux, last active 5 minutes ago',
    );
  });
});
