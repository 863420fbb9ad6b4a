// /slots: a slot training game with play money on the sdk's casino module. The session (balance,
// spins, totals) is the sdk's SlotSession; each spin is the sdk's playSlotSpin, seeded, so a
// session can be replayed from its seed. A session can be recorded in the profit tracker as
// training profit (the sdk's slotSessionBet) through the shared AddToTracker button.
import { useState, type FormEvent } from 'react';
import { playSlotSpin, slotSessionBet, startSlotSession, type ReferenceSlotProfile, type SlotSession } from '@matchkit/sdk/casino';
import { Link } from 'react-router';
import { useBrand } from '@matchkit/react';
import { paths } from '../../app/paths';
import { Dices, FastForward, Play, RotateCcw } from 'lucide-react';
import { Page } from '../../components/Page';
import { Button, Card, EmptyState, Field, SelectField, SummaryFigure, Table, Td, Th } from '../../components/ui';
import { formatPence, poundsToPence } from '../../components/money';
import { AddToTracker, ToolGate } from '../tools';
import { fieldErrors, randomSeed, readNumber, unreadable } from './form';
import { ProfileOptions } from './ProfileOptions';

type SetupField = 'profile' | 'balance' | 'seed';
type SetupErrors = Partial<Record<SetupField, string>>;

interface Setup {
  readonly profile: ReferenceSlotProfile;
  readonly balance: string;
  readonly seed: string;
}

const ABOUT = (
  <>
    <p>
      Slots training lets you play a model slot with play money: pick how volatile it is, set a stake and spin. You see the balance move
      spin by spin, the slot&apos;s return to player (RTP) and paytable, and you can record a session in your profit tracker as training.
    </p>
    <p>No real money is staked or paid. Training shows how slots behave; it does not predict any casino&apos;s results.</p>
  </>
);

export function SlotsPage() {
  const title = useBrand().tools.find((t) => t.key === 'slots')?.title ?? 'Slots training';
  return (
    <Page title={title} lead="Play a model slot with play money to see how RTP and volatility shape a session. No real money is involved.">
      <ToolGate feature="casino" name={title} about={ABOUT}>
        <SlotGame />
      </ToolGate>
    </Page>
  );
}

function start(setup: Setup): { session?: SlotSession; errors: SetupErrors } {
  const balancePence = poundsToPence(setup.balance);
  const seed = readNumber(setup.seed);
  const errors: SetupErrors = {};
  if (balancePence === null) errors.balance = unreadable(setup.balance, 'a play balance in pounds, such as 100');
  if (Number.isNaN(seed)) errors.seed = unreadable(setup.seed, 'a seed, a whole number such as 2025');
  if (balancePence === null || Object.keys(errors).length > 0) return { errors };
  try {
    return { session: startSlotSession({ slot: setup.profile, balancePence, seed }), errors };
  } catch (e) {
    return {
      errors: fieldErrors<SetupField>(e, (path) =>
        path === 'balancePence' ? 'balance' : path === 'seed' ? 'seed' : path.startsWith('slot') ? 'profile' : undefined,
      ),
    };
  }
}

function SlotGame() {
  const [setup, setSetup] = useState<Setup>(() => ({ profile: 'medium', balance: '100', seed: String(randomSeed()) }));
  const [setupErrors, setSetupErrors] = useState<SetupErrors>({});
  const [session, setSession] = useState<SlotSession | undefined>(() => start(setup).session);
  const [stake, setStake] = useState('1');
  const [stakeError, setStakeError] = useState<string | undefined>(undefined);

  const newSession = (event: FormEvent) => {
    event.preventDefault();
    const result = start(setup);
    setSetupErrors(result.errors);
    if (result.session !== undefined) {
      setSession(result.session);
      setStakeError(undefined);
    }
  };

  const spin = (times: number) => {
    if (session === undefined) return;
    const stakePence = poundsToPence(stake);
    if (stakePence === null) {
      setStakeError(unreadable(stake, 'a stake in pounds, such as 1 or 0.20'));
      return;
    }
    let next = session;
    try {
      next = playSlotSpin(next, stakePence);
      for (let n = 1; n < times && stakePence <= next.balancePence; n++) next = playSlotSpin(next, stakePence);
      setStakeError(undefined);
    } catch (e) {
      setStakeError(
        fieldErrors<'stake'>(e, (path) => (path === 'stakePence' ? 'stake' : undefined)).stake ?? 'This spin could not be played.',
      );
    }
    setSession(next);
  };

  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-6">
      <Card as="section" aria-labelledby="slot-setup-title">
        <h2 id="slot-setup-title" className="m-0 mb-3 text-lg font-semibold">
          Session settings
        </h2>
        <form onSubmit={newSession} noValidate aria-label="New session" className="[&>div]:max-w-none">
          <SelectField
            label="Slot volatility"
            value={setup.profile}
            onChange={(e) => setSetup({ ...setup, profile: e.target.value as ReferenceSlotProfile })}
            error={setupErrors.profile}
          >
            <ProfileOptions />
          </SelectField>
          <Field
            label="Play balance (£)"
            inputMode="decimal"
            value={setup.balance}
            onChange={(e) => setSetup({ ...setup, balance: e.target.value })}
            error={setupErrors.balance}
          />
          <Field
            label="Seed"
            hint="The same seed and stakes replay the same spins."
            inputMode="numeric"
            value={setup.seed}
            onChange={(e) => setSetup({ ...setup, seed: e.target.value })}
            error={setupErrors.seed}
          />
          <Button type="submit" variant="secondary" icon={RotateCcw}>
            Start a new session
          </Button>
        </form>
      </Card>

      {session === undefined ? (
        <EmptyState icon={Dices} title="No session yet" description="Fix the settings to start a session." />
      ) : (
        <Session session={session} stake={stake} onStake={setStake} stakeError={stakeError} onSpin={spin} />
      )}
    </div>
  );
}

function Session({
  session,
  stake,
  onStake,
  stakeError,
  onSpin,
}: {
  readonly session: SlotSession;
  readonly stake: string;
  readonly onStake: (stake: string) => void;
  readonly stakeError: string | undefined;
  readonly onSpin: (times: number) => void;
}) {
  const last = session.lastSpin;
  const net = session.returnedPence - session.stakedPence;
  const spent = session.balancePence < 1;
  const { slot } = session;
  return (
    <Card as="section" aria-labelledby="slot-session-title">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="slot-session-title" className="m-0 text-lg font-semibold">
          Your session
        </h2>
        <p className="m-0 text-lg">
          Balance{' '}
          <strong className="text-2xl tabular-nums" data-testid="slot-balance">
            {formatPence(session.balancePence)}
          </strong>
        </p>
      </div>
      <div
        className="mb-4 flex min-h-28 flex-col items-center justify-center rounded-card border-2 border-accent bg-accent-soft px-4 py-3 text-center"
        aria-live="polite"
        aria-atomic="true"
      >
        {last === null ? (
          <p className="m-0">Press Spin to play your first spin.</p>
        ) : (
          <>
            <p className="m-0 text-4xl font-bold text-accent tabular-nums" aria-hidden="true">
              {last.outcome.multiplier === 0 ? '–' : `${last.outcome.multiplier}x`}
            </p>
            <p className="m-0">
              Spin {last.index + 1}:{' '}
              {last.returnedPence === 0
                ? `no win, ${formatPence(last.stakePence)} staked.`
                : `${last.outcome.multiplier}x paid ${formatPence(last.returnedPence)} on a ${formatPence(last.stakePence)} stake.`}
            </p>
          </>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-x-3 gap-y-2">
        <Field
          label="Stake per spin (£)"
          inputMode="decimal"
          value={stake}
          onChange={(e) => onStake(e.target.value)}
          error={stakeError}
          className="w-32"
        />
        <div className="mb-4 flex flex-wrap gap-2">
          <Button onClick={() => onSpin(1)} disabled={spent} icon={Play}>
            Spin
          </Button>
          <Button variant="secondary" onClick={() => onSpin(10)} disabled={spent} icon={FastForward}>
            Spin 10 times
          </Button>
        </div>
      </div>
      {spent ? (
        <p role="status" className="mt-0 text-warning">
          The play balance is spent. Start a new session to play again.
        </p>
      ) : null}
      <dl className="m-0 mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
        <SummaryFigure label="Spins">{session.spins}</SummaryFigure>
        <SummaryFigure label="Staked">{formatPence(session.stakedPence)}</SummaryFigure>
        <SummaryFigure label="Paid back">{formatPence(session.returnedPence)}</SummaryFigure>
        <SummaryFigure label="Session result">{formatPence(net)}</SummaryFigure>
      </dl>
      <p className="text-sm text-muted">
        This slot&apos;s RTP is {(slot.rtp * 100).toFixed(1)}%: over a very large number of spins it pays back about that share of what is
        staked, and keeps the rest. A win comes on {(slot.hitRate * 100).toFixed(1)}% of spins; its volatility (the spread of one
        spin&apos;s return) is {slot.volatility.toFixed(1)} times the stake. A short session can end far from the average either way.
      </p>
      <details className="mb-4">
        <summary className="cursor-pointer font-semibold">The paytable</summary>
        <Table caption={`Paytable of ${slot.name ?? 'this slot'}`} captionHidden className="mt-2">
          <thead>
            <tr>
              <Th>Outcome</Th>
              <Th numeric>Pays (per £1 staked)</Th>
              <Th numeric>Chance</Th>
            </tr>
          </thead>
          <tbody>
            {slot.outcomes.map((o) => (
              <tr key={o.multiplier}>
                <Th scope="row">{o.label ?? `${o.multiplier}x`}</Th>
                <Td numeric>{formatPence(Math.round(o.multiplier * 100))}</Td>
                <Td numeric>{(o.probability * 100).toPrecision(3)}%</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
      <AddToTracker
        label="Record this session in the profit tracker"
        disabled={session.spins === 0}
        settled
        bet={() => slotSessionBet(session, { placedAt: new Date().toISOString() })}
      />
      <p className="mb-0 text-sm text-muted">
        A session is recorded with the profit type training, kept apart from your matched bets. To see what a casino bonus is worth before
        you play it, use the <Link to={paths.simulator}>wagering simulator</Link>.
      </p>
    </Card>
  );
}
