import { backLeg, layLeg } from '@matchkit/app-contract/testing';
import { describe, expect, it } from 'vitest';
import { legLabel } from './labels';

describe('legLabel', () => {
  it('names a leg’s account by the catalogue’s display name, not its key (defect 10)', () => {
    expect(legLabel({ ...backLeg(), account: 'alder-bet' })).toMatch(/ with Alder Bet$/);
    expect(legLabel({ ...layLeg(), account: 'smarkets', commission: 0.02 })).toMatch(/ with Smarkets \(2% commission\)$/);
    expect(legLabel({ ...backLeg(), account: 'Bet Co' })).toMatch(/ with Bet Co$/);
  });
});
