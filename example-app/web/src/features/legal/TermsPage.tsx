// /terms-of-service: the agreement between a member and the brand, in plain English.
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { Email, LEGAL_PAGE, Revised, useLegalFacts } from './common';

export function TermsPage() {
  const { name, trialDays, renewalNoticeDays, email } = useLegalFacts();
  return (
    <Page
      title="Terms of service"
      className={LEGAL_PAGE}
      width="reading"
      lead={`The terms on which ${name} provides its website, guides and tools.`}
    >
      <Revised />

      <h2>1. What {name} is</h2>
      <p>
        {name} publishes information about bookmaker and casino promotions, training on matched betting, and software that helps you compare
        odds, work out stakes and keep records. We are not a bookmaker, casino or betting exchange. We do not take bets, hold your money for
        betting or place bets for you. Every bet you make is between you and the operator you choose.
      </p>

      <h2>2. Who can use it</h2>
      <p>
        You must be 18 or over and live in the United Kingdom. We ask you to confirm your age when you register, and we close any account we
        find was opened by someone under 18. Accounts are personal: one account per person, not to be shared.
      </p>

      <h2>3. No promise of results</h2>
      <p>
        Figures on offers and in guides are worked examples at the odds stated at the time. Goals you choose are targets for your own
        planning. What you actually make or lose depends on the odds you get, the operators&apos; terms, your own accuracy and whether
        operators let you keep taking part in their promotions. Operators can change or withdraw offers and can restrict accounts at any
        time. Only stake money you can afford to lose.
      </p>

      <h2>4. Your account</h2>
      <p>
        Keep your password to yourself and sign out of shared devices. If you think someone else has used your account, change your
        password: that signs you out everywhere. You are responsible for the bets you place and for keeping to each operator&apos;s own
        terms.
      </p>

      <h2>5. Subscriptions, trials and payments</h2>
      <p>
        Some tools need a paid plan. The price, the term (monthly or yearly) and what the plan includes are shown before you pay, in pounds
        sterling. Your first monthly subscription starts with a {trialDays}-day free trial: nothing is charged during the trial, and the
        first charge is taken when it ends unless you cancel before then. Yearly plans, sale prices and upgrades are charged when you buy
        them, and there is one trial per member.
      </p>
      <p>
        A subscription renews at the end of each term at the price shown to you. The renewal is charged {renewalNoticeDays} days before the
        current term ends. If a payment is declined, your access ends at the end of the period already paid for.
      </p>

      <h2>6. Cancelling</h2>
      <p>
        You can cancel at any time from <Link to={paths.account}>your account</Link>. Cancelling stops future charges; you keep access until
        the end of the period you have paid for (or the end of your trial). The <Link to={paths.refunds}>refund policy</Link> explains when
        we give money back.
      </p>

      <h2>7. Fair use</h2>
      <p>
        Do not copy our guides or software for resale, scrape the site, try to get around plan limits or security, or use {name} for
        anything unlawful. We may suspend an account that does, after telling you why where the law allows.
      </p>

      <h2>8. Responsible gambling</h2>
      <p>
        Matched betting involves real bets. If gambling stops being a calculation and starts to feel like a need, stop. Our{' '}
        <Link to={paths.responsibleGambling}>responsible gambling page</Link> lists free, confidential help and tools such as
        self-exclusion. We will close your account on request, straight away and without questions.
      </p>

      <h2>9. Our liability</h2>
      <p>
        We take care to keep information accurate, but odds and offers change quickly and operators&apos; own terms always take precedence
        over our summaries. We are not liable for losses from bets you choose to place, or from an operator&apos;s decisions about your
        account. Nothing in these terms limits liability that cannot be limited under UK law, or your rights as a consumer.
      </p>

      <h2>10. Changes and the law</h2>
      <p>
        We will tell you by email before a change to these terms affects a subscription you already have. These terms are governed by the
        law of England and Wales. Questions: <Email address={email} />, or see <Link to={paths.contact}>contact us</Link>.
      </p>
    </Page>
  );
}
