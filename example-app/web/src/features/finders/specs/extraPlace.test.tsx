// @vitest-environment node
// The extra place table's figures say what they are, with their sign: the profit when no extra
// place lands is shown as a profit or a loss (never a positive "loss"), and the break-even column
// never says "never" beside a hedge that loses nothing.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ExtraPlaceRow } from '@matchkit/sdk/matching';
import { extraPlace } from './extraPlace';

const base = {
  eventName: 'Ascot 14:30',
  selectionName: 'Sea Bird',
  selectionId: 's1',
  bookmaker: 'Alder Bet',
  backOdds: 8,
  places: 4,
  placeFraction: 0.2,
  exchangePlaces: 3,
  exchange: 'Smarkets',
  commission: 0.02,
  extraPlaceProbability: 0.1,
  probabilitySource: 'harville',
} as unknown as ExtraPlaceRow;

/** The table's header and cell text of a row, column by column. */
function table(row: Partial<ExtraPlaceRow>) {
  const columns = extraPlace(false).columns;
  return Object.fromEntries(
    columns.map((c) => [c.header, renderToStaticMarkup(<>{c.cell({ ...base, ...row } as ExtraPlaceRow)}</>).replace(/<[^>]+>/g, '')]),
  );
}

describe('the extra place table', () => {
  it('a lay-the-place hedge that wins £20.86 whatever happens: a profit, and no break-even needed', () => {
    const shown = table({
      hedge: 'layThePlace',
      qualifyingLoss: 2086,
      profitIfExtraPlace: 2086,
      expectedProfit: 2086,
      breakEvenProbability: 0,
      breakEvenBets: null,
    });
    const headers = Object.keys(shown);
    expect(headers.some((h) => /loss/i.test(h) && shown[h] === '£20.86')).toBe(false);
    expect(shown['Profit if no extra place']).toBe('£20.86');
    expect(Object.values(shown)).not.toContain('never');
    expect(shown['Break-even']).toBe('no loss to recover');
  });

  it('an each-way lay losing £1.50 unless an extra place lands: the loss is negative and the break-even counts bets', () => {
    const shown = table({
      hedge: 'eachWayLay',
      qualifyingLoss: -150,
      profitIfExtraPlace: 900,
      expectedProfit: -45,
      breakEvenProbability: 1 / 7,
      breakEvenBets: 7,
    });
    expect(shown['Profit if no extra place']).toBe('−£1.50');
    expect(shown['Break-even']).toBe('1 in 7.0 bets with an extra place');
  });

  it('a hedge whose extra place does not pay back its loss never breaks even', () => {
    const shown = table({
      hedge: 'eachWayLay',
      qualifyingLoss: -500,
      profitIfExtraPlace: -100,
      expectedProfit: -460,
      breakEvenProbability: null,
      breakEvenBets: null,
    });
    expect(shown['Break-even']).toBe('never an extra place does not cover the loss');
  });
});
