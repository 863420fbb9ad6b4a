// /responsible-gambling: help for anyone whose gambling, or someone else's, has stopped being in
// control. Every page of the app links here (components/Layout.tsx's footer).
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { CALLOUT, Email, LEGAL_PAGE, useLegalFacts } from './common';

export function ResponsibleGamblingPage() {
  const { name, email } = useLegalFacts();
  return (
    <Page
      title="Responsible gambling"
      className={LEGAL_PAGE}
      width="reading"
      lead="Matched betting uses real bets with real money. Here is how to keep it under control, and where to get help if it is not."
    >
      <p className={CALLOUT}>
        <strong>18+ only.</strong> {name} is for adults in the UK. We close any account opened by someone under 18.
      </p>

      <h2>Keep it a calculation</h2>
      <ul>
        <li>Only stake money you can afford to lose. Decide your limit before you start, not while you bet.</li>
        <li>Do not chase losses. A mistake on one offer is a reason to stop for the day, not to bet more.</li>
        <li>Never borrow money to bet, and keep betting money separate from money for bills.</li>
        <li>Take breaks, and keep a record of every bet so you always see the real totals.</li>
        <li>Gambling is not a way to make money you need. No figure on this site is a promise.</li>
      </ul>

      <h2>Warning signs</h2>
      <p>
        Betting more than you meant to, hiding it from people close to you, feeling anxious or irritable when you are not betting, or
        betting to win back what you have lost are signs that it is time to stop and talk to someone.
      </p>

      <h2>Limits and time-outs</h2>
      <p>
        Every UK-licensed bookmaker and casino must let you set deposit limits, take a time-out, and see your account history. Use them: set
        a deposit limit on each account when you open it. Your bank may also let you block gambling payments on your card from its app.
      </p>

      <h2>Self-exclusion</h2>
      <p>
        <a href="https://www.gamstop.co.uk">GAMSTOP</a> is free and lets you exclude yourself from every gambling website and app licensed
        in Great Britain at once, for six months, a year or five years. You can also ask any single operator to self-exclude you. If you
        want to stop, tell us as well and we will close your {name} account straight away: write to <Email address={email} />.
      </p>

      <h2>Free, confidential help</h2>
      <ul className="space-y-3 pl-5">
        <li>
          <strong>National Gambling Helpline</strong>, run by GamCare: call <a href="tel:08088020133">0808 8020 133</a>, free, 24 hours a
          day, every day.
        </li>
        <li>
          <a href="https://www.gamcare.org.uk">GamCare</a>: advice, live chat and free counselling for anyone affected by gambling.
        </li>
        <li>
          <a href="https://www.begambleaware.org">BeGambleAware</a>: information, a self-assessment and ways into free treatment.
        </li>
        <li>
          <a href="https://www.gamstop.co.uk">GAMSTOP</a>: self-exclusion from online gambling in Great Britain.
        </li>
      </ul>
      <p>If someone else&apos;s gambling is affecting you, the same services help families and friends too.</p>

      <p>
        Questions about your account: <Link to={paths.contact}>contact us</Link>.
      </p>
    </Page>
  );
}
