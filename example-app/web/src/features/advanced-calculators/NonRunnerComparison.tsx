// The Rule 4 page's side by side: after a non-runner the bookmaker takes a Rule 4 deduction off the
// back bet's winnings while the exchange cuts the whole lay price by its reduction factor, so a
// matched bet that was balanced no longer is. Every figure is the sdk's nonRunnerImbalance.
import type { NonRunnerResult } from '@matchkit/sdk/calculators';
import type { CalculatorForm } from '@matchkit/sdk/calculators/registry';
import { FactList, FactRow, Table, Td, Th } from '../../components/ui';
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
    <div data-testid="non-runner-comparison">
      <Table caption="What each side does after the non-runner" className="mb-4">
        <thead>
          <tr>
            <Td className="bg-surface-muted" />
            <Th>Bookmaker: Rule 4 ({formatValue(input.deduction ?? 0, 'pence-per-pound')})</Th>
            <Th>Exchange: reduction factor ({formatValue(input.reductionFactor ?? 0, 'share')})</Th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <Th scope="row" className="text-muted">
              Odds before
            </Th>
            <Td className="tabular-nums">{odds(input.backOdds)}</Td>
            <Td className="tabular-nums">{odds(input.layOdds)}</Td>
          </tr>
          <tr>
            <Th scope="row" className="text-muted">
              Odds after
            </Th>
            <Td className="tabular-nums" data-testid="effective-back-odds">
              {odds(r.effectiveBackOdds)}
            </Td>
            <Td className="tabular-nums" data-testid="reduced-lay-odds">
              {odds(r.reducedLayOdds)}
            </Td>
          </tr>
          <tr>
            <Th scope="row" className="text-muted">
              If the selection wins
            </Th>
            <Td>
              the back bet returns <strong data-testid="back-returns">{formatPence(r.backReturns)}</strong>
            </Td>
            <Td>
              the lay liability becomes <strong data-testid="lay-liability">{formatPence(r.liability)}</strong> (was{' '}
              {formatPence(r.liabilityBefore)})
            </Td>
          </tr>
        </tbody>
      </Table>
      <FactList>
        <FactRow term="Lay stake matched">{formatPence(r.layStake)}</FactRow>
        <FactRow term="Profit if it wins, before the non-runner">{formatPence(r.profitIfWinsBefore)}</FactRow>
        <FactRow term="Profit if it wins, now" testId="profit-if-wins">
          {formatPence(r.profitIfWins)}
        </FactRow>
        <FactRow term="Profit if it loses (unchanged)" testId="profit-if-loses">
          {formatPence(r.profitIfLoses)}
        </FactRow>
        <FactRow term="Imbalance" testId="imbalance" strong>
          {formatPence(r.imbalance)}
        </FactRow>
      </FactList>
      <p className="mb-0">
        {balanced
          ? 'The two rules moved the winning outcome by about the same amount, so the bet is still balanced.'
          : `Rule 4 leaves the back bet returning ${formatPence(r.backReturns)} if it wins, while the reduction factor makes the lay liability ${formatPence(r.liability)} instead of ${formatPence(r.liabilityBefore)}. The bet now makes ${formatPence(r.profitIfWins)} if the selection wins and ${formatPence(r.profitIfLoses)} if it loses: ${formatPence(Math.abs(r.imbalance))} out of balance${r.imbalance > 0 ? ' in favour of a win' : ' against a win'}.`}
      </p>
    </div>
  );
}
