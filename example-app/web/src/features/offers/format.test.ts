// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { offerEnds, sitePath } from './format';
import { offerPath } from './paths';

describe('offerEnds', () => {
  it('states the end as a UK date in Europe/London, whatever the machine zone', () => {
    // 23:30 UTC on 31 July is 00:30 on 1 August in London (BST).
    expect(offerEnds('2026-07-31T23:30:00Z')).toBe('Ends 1 August 2026');
    // In winter London is on UTC.
    expect(offerEnds('2026-12-31T23:30:00Z')).toBe('Ends 31 December 2026');
  });

  it('says nothing for an offer without an end or with an unreadable instant', () => {
    expect(offerEnds(null)).toBeNull();
    expect(offerEnds('not a date')).toBeNull();
  });
});

describe('sitePath', () => {
  it('keeps a path of this site and refuses anything else', () => {
    expect(sitePath('/guides/oddsmatcher')).toBe('/guides/oddsmatcher');
    expect(sitePath('//evil.example/x')).toBeNull();
    expect(sitePath('https://evil.example/')).toBeNull();
    expect(sitePath('javascript:alert(1)')).toBeNull();
    expect(sitePath(null)).toBeNull();
  });
});

describe('offerPath', () => {
  it('is /offers/{category}/{slug}, encoded', () => {
    expect(offerPath({ category: 'reload-offers', slug: 'acca-insurance' })).toBe('/offers/reload-offers/acca-insurance');
    expect(offerPath({ category: 'a/b', slug: 'c d' })).toBe('/offers/a%2Fb/c%20d');
  });
});
