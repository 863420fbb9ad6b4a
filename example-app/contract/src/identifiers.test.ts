// @vitest-environment node
// The copy test's detector (identifiers.ts) on examples: each kind of developer wording a member
// must never read is caught, in the sentences members met (issue 20, defect 8), and the plain
// English that replaced them passes.
import { describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { catalogueIdentifiers, findIdentifiers } from './identifiers';

const known = new Set([...catalogueIdentifiers(getBrand('primary')), ...catalogueIdentifiers(getBrand('secondary'))]);

describe('findIdentifiers catches each kind', () => {
  it.each([
    ['Upgrade (twoUpExpectedValue)', 'twoUpExpectedValue (a code name (camelCase))'],
    ['Ranked by (accaInsuranceLockIn or accaSequentialLay)', 'accaInsuranceLockIn (a code name (camelCase))'],
    ['the sale ended at 2025-08-17T23:00:00.000Z', '2025-08-17T23:00:00.000Z (an ISO instant)'],
    ['Must be at most the balance (10000 pence)', 'pence (an amount in pence)'],
    ['Back stake (pence)', 'pence (an amount in pence)'],
    ['Stake 500 pence in total', 'pence (an amount in pence)'],
    ['Chance Π p(leg)', 'Π (a formula symbol)'],
    ['Market: over-under-2-5', 'over-under-2-5 (a slug with numbers)'],
  ])('%j', (text, finding) => {
    expect(findIdentifiers(text, known)).toContain(finding);
  });

  it.each([
    ['Upgrade platinum-upgrade', 'platinum-upgrade (a catalogue identifier)'],
    ['You already have the pro-plus plan', 'pro-plus (a catalogue identifier)'],
    ['Open the 2up-matcher', '2up-matcher (a catalogue identifier)'],
  ])('a catalogue slug or id: %j', (text, finding) => {
    expect(findIdentifiers(text, known)).toContain(finding);
  });

  it('a feed key given as known: a bookmaker in a table cell', () => {
    expect(findIdentifiers('Arsenal at alder-bet', new Set(['alder-bet']))).toEqual(['alder-bet (a catalogue identifier)']);
  });

  it.each([
    'This sale link is not active: the sale ended on Sunday, 17 August 2025 at 23:59:59',
    'From Wednesday, 1 December 2027 your plan is Starter, £249.99 a year.',
    'This upgrade moves Pro to Pro Plus, and you have Platinum.',
    'Must be at most your balance (£100.00)',
    'Arsenal at Alder Bet, Smarkets',
    'Over/Under 2.5 Goals',
    'Profit at the price taken',
    // Rule 4's deduction is counted in pence in the pound (domain.md): the member's term, not an amount.
    'Rule 4 deduction (pence in the pound)',
  ])('passes plain English: %j', (text) => {
    expect(findIdentifiers(text, known)).toEqual([]);
  });
});
