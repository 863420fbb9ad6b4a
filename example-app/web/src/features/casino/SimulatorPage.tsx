// /simulator: the casino wagering simulator. The closed-form expectation (the sdk's
// wageringExpectedValue) updates as the member types; "Run the simulation" runs the sdk's seeded
// Monte Carlo through @matchkit/react's useWageringSimulation (chunks that yield to the event
// loop, so the page stays responsive), with a progress bar and a cancel button, then shows the
// distribution of the final balance beside the closed form.
import { useMemo, useState, type FormEvent } from 'react';
import { useBrand, useWageringSimulation } from '@matchkit/react';
import {
  simulateWageringSteps,
  wageringExpectedValue,
  type ReferenceSlotProfile,
  type WageringBase,
  type WageringExpectation,
  type WageringInput,
  type WageringProgress,
  type WageringResult,
  type WageringSimulationOptions,
} from '@matchkit/sdk/casino';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Play, X } from 'lucide-react';
import { Page } from '../../components/Page';
import { Button, Card, FactList, FactRow, Field, SelectField } from '../../components/ui';
import { ErrorMessage } from '../../components/Status';
import { formatPence, poundsToPence } from '../../components/money';
import { ToolGate } from '../tools';
import { Histogram } from './Histogram';
import { fieldErrors, readNumber, slotFor, unreadable } from './form';
import { ProfileOptions } from './ProfileOptions';

type FieldName = 'deposit' | 'bonus' | 'multiple' | 'stake' | 'rtp' | 'profile' | 'runs' | 'seed';
type Errors = Partial<Record<FieldName, string>>;

interface Form {
  readonly deposit: string;
  readonly bonus: string;
  readonly multiple: string;
  readonly base: WageringBase;
  readonly stake: string;
  readonly rtp: string;
  readonly profile: ReferenceSlotProfile;
  readonly runs: string;
  readonly seed: string;
}

const DEFAULTS: Form = {
  deposit: '50',
  bonus: '50',
  multiple: '35',
  base: 'bonus',
  stake: '1',
  rtp: '96',
  profile: 'medium',
  runs: '10000',
  seed: '2025',
};

/** Where an sdk issue's path belongs on the form. */
function fieldOf(path: string): FieldName | undefined {
  if (path === 'depositPence') return 'deposit';
  if (path === 'bonusPence') return 'bonus';
  if (path === 'wageringMultiple') return 'multiple';
  if (path === 'stake' || path === 'minStake') return 'stake';
  // The volatility comes from the profile at the member's RTP: an RTP of 0 is what cannot be.
  if (path === 'slot.rtp' || path === 'slot.volatility') return 'rtp';
  if (path.startsWith('slot')) return 'profile';
  if (path === 'options.runs') return 'runs';
  if (path === 'options.seed') return 'seed';
  return undefined;
}

/** The sdk's messages beside the form's fields; the RTP field is typed in percent, so its bounds are read as percent. */
function sdkErrors(error: unknown): Errors {
  const errors = fieldErrors(error, fieldOf);
  if (errors.rtp !== undefined && /when rtp is 0/.test(errors.rtp))
    errors.rtp = 'Must be more than 0%: a slot that never pays back cannot vary.';
  else if (errors.rtp !== undefined) errors.rtp = errors.rtp.replace(/\b1 \(100%\)/, '100%');
  return errors;
}

interface Read {
  readonly input?: WageringInput;
  readonly options?: WageringSimulationOptions;
  readonly expectation?: WageringExpectation;
  readonly errors: Errors;
}

/** The form read: the sdk's input, options and closed form, or the message of every bad field. */
function read(form: Form): Read {
  const errors: Errors = {};
  const depositPence = poundsToPence(form.deposit);
  const bonusPence = poundsToPence(form.bonus);
  const stake = poundsToPence(form.stake);
  const multiple = readNumber(form.multiple);
  const rtpPercent = readNumber(form.rtp);
  const runs = readNumber(form.runs);
  const seed = readNumber(form.seed);
  if (depositPence === null) errors.deposit = unreadable(form.deposit, 'the deposit in pounds, such as 50');
  if (bonusPence === null) errors.bonus = unreadable(form.bonus, 'the bonus in pounds, such as 50');
  if (Number.isNaN(multiple)) errors.multiple = unreadable(form.multiple, 'the wagering multiple, such as 35');
  if (stake === null) errors.stake = unreadable(form.stake, 'the stake per spin in pounds, such as 1 or 0.20');
  if (Number.isNaN(rtpPercent)) errors.rtp = unreadable(form.rtp, 'the RTP in percent, such as 96');
  if (Number.isNaN(runs)) errors.runs = unreadable(form.runs, 'the number of runs, such as 10000');
  if (Number.isNaN(seed)) errors.seed = unreadable(form.seed, 'a seed, a whole number such as 2025');
  if (depositPence === null || bonusPence === null || stake === null || errors.multiple !== undefined || errors.rtp !== undefined) {
    return { errors };
  }
  const input: WageringInput = {
    depositPence,
    bonusPence,
    wageringMultiple: multiple,
    wageringBase: form.base,
    stake,
    slot: slotFor(form.profile, rtpPercent / 100),
  };
  let expectation: WageringExpectation;
  try {
    expectation = wageringExpectedValue(input);
  } catch (e) {
    return { errors: { ...errors, ...sdkErrors(e) } };
  }
  if (errors.runs !== undefined || errors.seed !== undefined) return { input, expectation, errors };
  const options: WageringSimulationOptions = { runs, seed, bins: 50 };
  try {
    simulateWageringSteps(input, options); // validates the input and options; runs nothing until next()
  } catch (e) {
    return { input, expectation, errors: sdkErrors(e) };
  }
  return { input, options, expectation, errors };
}

const ABOUT = (
  <>
    <p>
      The wagering simulator works out what a casino bonus is worth before you play it: enter the deposit, the bonus, the wagering
      requirement, the slot&apos;s RTP and your stake. It shows the expected value and simulates thousands of members clearing the bonus, so
      you see how often the wagering is finished and how the final balance is spread.
    </p>
  </>
);

export function SimulatorPage() {
  const title = useBrand().tools.find((t) => t.key === 'simulator')?.title ?? 'Casino wagering simulator';
  return (
    <Page title={title} lead="What a casino bonus is worth on average, and how far a single attempt can land from that.">
      <ToolGate feature="casino" name={title} about={ABOUT}>
        <Simulator />
      </ToolGate>
    </Page>
  );
}

interface Run {
  readonly input: WageringInput;
  readonly options: WageringSimulationOptions;
}

function Simulator() {
  const [form, setForm] = useState<Form>(DEFAULTS);
  const [run, setRun] = useState<Run | null>(null);
  const [cancelled, setCancelled] = useState<WageringProgress | null>(null);
  const sim = useWageringSimulation(run?.input ?? null, run?.options ?? { runs: 1, seed: 0 });
  const current = useMemo(() => read(form), [form]);
  const errors = current.errors;
  const set = (field: keyof Form) => (e: { target: { value: string } }) => setForm({ ...form, [field]: e.target.value });
  const shown = (field: FieldName) => errors[field];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (current.input === undefined || current.options === undefined) return;
    setCancelled(null);
    setRun({ input: current.input, options: current.options });
  };
  const cancel = () => {
    setCancelled(
      sim.progress ?? { runsDone: 0, runs: run?.options.runs ?? 0, fraction: 0, spinsDone: 0, finishProbability: 0, meanFinalBalance: 0 },
    );
    setRun(null);
  };

  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2 lg:gap-6">
      <Card as="section" aria-labelledby="simulator-offer-title">
        <h2 id="simulator-offer-title" className="m-0 mb-3 text-lg font-semibold">
          The offer and the slot
        </h2>
        <form onSubmit={submit} noValidate aria-label="The offer">
          <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2">
            <Field grid label="Deposit (£)" inputMode="decimal" value={form.deposit} onChange={set('deposit')} error={shown('deposit')} />
            <Field grid label="Bonus (£)" inputMode="decimal" value={form.bonus} onChange={set('bonus')} error={shown('bonus')} />
            <Field
              grid
              label="Wagering requirement (times)"
              hint="35 for a 35x requirement."
              inputMode="decimal"
              value={form.multiple}
              onChange={set('multiple')}
              error={shown('multiple')}
            />
            <SelectField grid label="The requirement applies to" value={form.base} onChange={set('base')}>
              <option value="bonus">the bonus</option>
              <option value="deposit+bonus">the deposit and the bonus</option>
            </SelectField>
            <Field grid label="Stake per spin (£)" inputMode="decimal" value={form.stake} onChange={set('stake')} error={shown('stake')} />
            <Field
              grid
              label="Slot RTP (%)"
              hint="The return to player the casino publishes for the game."
              inputMode="decimal"
              value={form.rtp}
              onChange={set('rtp')}
              error={shown('rtp')}
            />
            <SelectField grid label="Slot volatility" value={form.profile} onChange={set('profile')} error={errors.profile}>
              <ProfileOptions />
            </SelectField>
            <Field
              grid
              label="Runs"
              hint="How many attempts to simulate, up to 1,000,000."
              inputMode="numeric"
              value={form.runs}
              onChange={set('runs')}
              error={shown('runs')}
            />
            <Field
              grid
              label="Seed"
              hint="The same seed and offer give the same result."
              inputMode="numeric"
              value={form.seed}
              onChange={set('seed')}
              error={shown('seed')}
            />
          </div>
          <Button type="submit" icon={Play} disabled={sim.status === 'running'} className="mt-4">
            Run the simulation
          </Button>
        </form>
      </Card>

      <div className="grid min-w-0 gap-4">
        {current.expectation === undefined ? null : (
          <ClosedForm expectation={current.expectation} depositPence={current.input?.depositPence ?? 0} />
        )}

        <Card as="section" aria-labelledby="simulation-title">
          <h2 id="simulation-title" className="m-0 mb-3 text-lg font-semibold">
            Simulation
          </h2>
          {sim.status === 'idle' && cancelled === null ? (
            <p className="m-0 text-muted">Run the simulation to see how the final balance is spread.</p>
          ) : null}
          {sim.status === 'running' ? (
            <div>
              <progress aria-label="Simulation progress" value={sim.progress?.fraction ?? 0} max={1} className="h-4 w-full accent-accent" />
              <p aria-live="polite" className="my-2">
                {sim.progress === undefined
                  ? 'Starting…'
                  : `${sim.progress.runsDone.toLocaleString('en-GB')} of ${sim.progress.runs.toLocaleString('en-GB')} runs (${Math.floor(sim.progress.fraction * 100)}%)`}
              </p>
              <Button variant="secondary" icon={X} onClick={cancel}>
                Cancel
              </Button>
            </div>
          ) : null}
          {cancelled === null ? null : (
            <div>
              <progress aria-label="Simulation progress" value={cancelled.fraction} max={1} className="h-4 w-full accent-accent" />
              <p role="status" className="mt-2 mb-0">
                Simulation cancelled after {cancelled.runsDone.toLocaleString('en-GB')} of {cancelled.runs.toLocaleString('en-GB')} runs.
              </p>
            </div>
          )}
          {sim.status === 'error' ? <ErrorMessage error={sim.error} /> : null}
          {sim.status === 'done' && sim.result !== undefined && run !== null ? (
            <Results result={sim.result} depositPence={run.input.depositPence} />
          ) : null}
        </Card>
      </div>
    </div>
  );
}

/** Pence (an expectation, possibly fractional) as pounds to the penny. */
const pounds = (pence: number) => formatPence(Math.round(pence));
const percent = (p: number) => `${(p * 100).toFixed(1)}%`;

function ClosedForm({ expectation: e, depositPence }: { readonly expectation: WageringExpectation; readonly depositPence: number }) {
  return (
    <Card as="section" aria-labelledby="closed-form-title" className="border-t-4 border-t-accent">
      <h2 id="closed-form-title" className="m-0 mb-3 text-lg font-semibold">
        Expected value (closed form)
      </h2>
      <FactList>
        <FactRow term="To wager">
          {formatPence(e.requirement)} ({e.spinsAtFullStake.toLocaleString('en-GB')} spins at your stake)
        </FactRow>
        <FactRow term="Expected cost of the wagering">{pounds(e.expectedLossPence)}</FactRow>
        <FactRow term="Expected final balance">{pounds(e.expectedFinalBalance)}</FactRow>
        <FactRow term="Expected value of the offer" strong>
          {pounds(e.expectedProfitPence)}
        </FactRow>
      </FactList>
      <p className="mb-0 text-sm text-muted">
        The cost is what is wagered times what the slot keeps on average (100% − RTP); the offer&apos;s value is the bonus less that cost,
        against your deposit of {formatPence(depositPence)}.{' '}
        {e.cannotRunOut
          ? 'At this stake the balance cannot run out before the wagering is done, so this is the exact average.'
          : 'This assumes all of it gets wagered; a balance can run out first, which the simulation counts.'}{' '}
        An average over many attempts is not what one attempt will return.
      </p>
    </Card>
  );
}

function Results({ result: r, depositPence }: { readonly result: WageringResult; readonly depositPence: number }) {
  const q = (p: number) => r.quantiles.find((x) => x.probability === p)?.finalBalance ?? 0;
  const summary =
    `Of ${r.runs.toLocaleString('en-GB')} simulated attempts, ${percent(r.finishProbability)} finished the wagering and ${percent(r.profitProbability)} ended with more than the deposit. ` +
    (q(0.5) < 0.5 ? 'At least half ended with nothing left; ' : `Half ended with ${formatPence(Math.round(q(0.5)))} or less; `) +
    `nine in ten ended between ${formatPence(Math.round(q(0.05)))} and ${formatPence(Math.round(q(0.95)))}. ` +
    `The simulated average final balance is ${pounds(r.meanFinalBalance)} (give or take ${pounds(r.meanFinalBalanceStandardError)}); the closed form gives ${pounds(r.expectation.expectedFinalBalance)}.`;
  return (
    <div>
      <h3 className="m-0 mb-1 text-base font-semibold">Results</h3>
      <p role="status" className="mt-0 mb-2 text-muted">
        Done: {r.runs.toLocaleString('en-GB')} attempts simulated.
      </p>
      <FactList>
        <FactRow term="Finished the wagering">
          {percent(r.finishProbability)} of attempts (±{percent(r.finishProbabilityStandardError)})
        </FactRow>
        <FactRow term="Average final balance (simulated)">
          {pounds(r.meanFinalBalance)} (±{pounds(r.meanFinalBalanceStandardError)})
        </FactRow>
        <FactRow term="Expected final balance (closed form)">{pounds(r.expectation.expectedFinalBalance)}</FactRow>
        <FactRow term="Average result against the deposit" strong>
          {pounds(r.meanProfit)}
        </FactRow>
        <FactRow term="Average amount wagered">{formatPence(Math.round(r.meanWagered))}</FactRow>
      </FactList>
      <Histogram
        bins={r.histogram}
        runs={r.runs}
        summary={summary}
        marks={[
          { label: 'Your deposit (break-even)', at: depositPence, kind: 'deposit' },
          { label: 'Expected final balance (closed form)', at: r.expectation.expectedFinalBalance, kind: 'expected' },
          { label: 'Average final balance (simulated)', at: r.meanFinalBalance, kind: 'mean' },
        ]}
      />
      <p className="mb-0 text-sm text-muted">
        Simulated with seed {r.seed}. These are models of a slot, not a casino&apos;s own game; real results vary. Set a budget before you
        play and see <Link to={paths.responsibleGambling}>responsible gambling</Link> for help.
      </p>
    </div>
  );
}
