// The Rule 4 page's side by side: after a non-runner the bookmaker takes a Rule 4 deduction off the
// back bet's winnings while the exchange cuts the whole lay price by its reduction factor, so a
// matched bet that was balanced no longer is. Every figure is the sdk's nonRunnerImbalance.
import type { NonRunnerResult } from '@matchkit/sdk/calculators';
import type { CalculatorForm } from '@matchkit/sdk/calculators/registry';
import { formatValue, money as formatPence, readArgs, type FormState } from './form';

export function NonRunnerComparison({
  form,
  state,
  result,
}: {
  readonly form: CalculatorForm;
  readonly state: FormState;
  readonly result: unknown;
}) {
  const r = result as NonRunnerResult;
  const input = (readArgs(form, state).args[0] ?? {}) as {
    readonly backOdds?: number;
    readonly layOdds?: number;
    readonly deduction?: number;
    readonly reductionFactor?: number;
  };
  const odds = (n: number | undefined) => (n === undefined ? '' : formatValue(n, 'odds'));
  const balanced = Math.abs(r.imbalance) < 0.5;
  return (
    <div className="non-runner" data-testid="non-runner-comparison">
      <div className="table-scroll" role="region" aria-label="Bookmaker and exchange side by side" tabIndex={0}>
        <table>
          <caption>What each side does after the non-runner</caption>
          <thead>
            <tr>
              <td />
              <th scope="col">Bookmaker: Rule 4 ({formatValue(input.deduction ?? 0, 'pence-per-pound')})</th>
              <th scope="col">Exchange: reduction factor ({formatValue(input.reductionFactor ?? 0, 'share')})</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Odds before</th>
              <td>{odds(input.backOdds)}</td>
              <td>{odds(input.layOdds)}</td>
            </tr>
            <tr>
              <th scope="row">Odds after</th>
              <td data-testid="effective-back-odds">{odds(r.effectiveBackOdds)}</td>
              <td data-testid="reduced-lay-odds">{odds(r.reducedLayOdds)}</td>
            </tr>
            <tr>
              <th scope="row">If the selection wins</th>
              <td>
                the back bet returns <strong data-testid="back-returns">{formatPence(r.backReturns)}</strong>
              </td>
              <td>
                the lay liability becomes <strong data-testid="lay-liability">{formatPence(r.liability)}</strong> (was{' '}
                {formatPence(r.liabilityBefore)})
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <dl className="facts">
        <div>
          <dt>Lay stake matched</dt>
          <dd>{formatPence(r.layStake)}</dd>
        </div>
        <div>
          <dt>Profit if it wins, before the non-runner</dt>
          <dd>{formatPence(r.profitIfWinsBefore)}</dd>
        </div>
        <div>
          <dt>Profit if it wins, now</dt>
          <dd data-testid="profit-if-wins">{formatPence(r.profitIfWins)}</dd>
        </div>
        <div>
          <dt>Profit if it loses (unchanged)</dt>
          <dd data-testid="profit-if-loses">{formatPence(r.profitIfLoses)}</dd>
        </div>
        <div>
          <dt>Imbalance</dt>
          <dd data-testid="imbalance">{formatPence(r.imbalance)}</dd>
        </div>
      </dl>
      <p>
        {balanced
          ? 'The two rules moved the winning outcome by about the same amount, so the bet is still balanced.'
          : `Rule 4 leaves the back bet returning ${formatPence(r.backReturns)} if it wins, while the reduction factor makes the lay liability ${formatPence(r.liability)} instead of ${formatPence(r.liabilityBefore)}. The bet now makes ${formatPence(r.profitIfWins)} if the selection wins and ${formatPence(r.profitIfLoses)} if it loses: ${formatPence(Math.abs(r.imbalance))} out of balance${r.imbalance > 0 ? ' in favour of a win' : ' against a win'}.`}
      </p>
    </div>
  );
}
