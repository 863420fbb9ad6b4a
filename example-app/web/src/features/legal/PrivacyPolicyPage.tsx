// /privacy-policy: what the product stores about a member, why, for how long, and their rights.
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { Email, LEGAL_PAGE, Revised, useLegalFacts } from './common';

export function PrivacyPolicyPage() {
  const { name, email } = useLegalFacts();
  return (
    <Page
      title="Privacy policy"
      className={LEGAL_PAGE}
      width="reading"
      lead={`What ${name} keeps about you, why, and what you can ask us to do with it.`}
    >
      <Revised />

      <h2>Your account</h2>
      <p>When you register we keep:</p>
      <ul>
        <li>your name, email address and username, to run your account and write to you about it;</li>
        <li>
          a one-way hash of your password (never the password itself) and, while a reset link is open, a hash of that link&apos;s token;
        </li>
        <li>the date you confirmed you are 18 or over, and whether you have confirmed your email address (through the link we send);</li>
        <li>the monthly target you picked, the order of your quick links and your referral code, and who referred you, if anyone;</li>
        <li>
          scrambled fingerprints of the network address and of the browser you registered from (never the address itself), so that we can
          spot one person opening several accounts to earn referral commission on themselves.
        </li>
      </ul>

      <h2>Subscriptions and payments</h2>
      <p>
        We keep the plans you bought, their dates and amounts, trials, cancellations and refunds, so that we give you the tools you paid for
        and can answer questions about a charge. Card details go to our payment provider and are never stored by us; the provider gives us a
        fingerprint of the card (the same card always gives the same one, and the card number cannot be worked out from it), which we keep
        only to spot referral commission earned on one&apos;s own payments. If someone joins through your referral link, we record the
        commission due on their payments.
      </p>

      <h2>What you record with the tools</h2>
      <p>
        Bets you enter in the profit tracker, your bookmaker and exchange balances, the exchanges you switch on, the offers you mark
        completed and any accounts you connect are stored so that the tools can show them back to you. They are yours: we do not sell them
        or share them with bookmakers.
      </p>

      <h2>Analytics, only with your consent</h2>
      <p>
        We count page views, clicks and failed requests to find out which pages work and which do not, but only after you agree to it. If
        you decline, nothing is sent. You can change your mind at any time; your choice is remembered in this browser.
      </p>

      <h2>Notifications, only when you allow them</h2>
      <p>
        We offer browser notifications only after you ask for them, and only send them once your browser shows that you have granted
        permission. You can turn them off in your browser&apos;s settings at any time.
      </p>

      <h2>Cookies</h2>
      <p>
        We set a cookie, <code>_opjwt</code>, which keeps you signed in. It holds a short-lived signed token, is only sent to this site, and
        expires on its own; signing out removes it, and changing your password ends every session. When you register we also set a cookie
        holding a random number for this browser, kept for two years and readable only by our server, for the referral check above. We use
        no advertising or tracking cookies.
      </p>

      <h2>Server logs</h2>
      <p>
        Our servers log requests (time, address, what was asked for and whether it worked) to keep the service secure and to fix faults.
        Passwords, tokens and payment details are never written to the logs.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Account, tool and preference data stays while your account is open and is deleted when you close it. Payment records are kept for
        six years because UK tax law requires it. Logs are kept for a short period and then deleted.
      </p>

      <h2>Closing your account</h2>
      <p>
        You can close your account yourself on your account page. We first cancel your subscription, so nothing more is ever charged; the
        rest of a term you have paid for ends with the account and is not refunded. Then, at once, we erase your name, email address,
        username, password, the scrambled network and browser fingerprints, your profit tracker (with its notes), balances, settings, quick
        links, connected accounts and any open links we emailed you, and every device is signed out. At the same time we ask our payment
        provider to delete what it holds about you: your name, email address and saved card. If it cannot be reached just then, we ask again
        every minute until it is done. We keep your payments, receipts, refunds and referral commission for six years, as UK accounting
        rules require, but without your name or email address. You can join again with the same email address later.
      </p>

      <h2>Getting a copy of your data</h2>
      <p>
        On your account page you can download everything we hold about you as one file, and your profit tracker as a spreadsheet file
        (amounts in pounds).
      </p>

      <h2>Your rights</h2>
      <p>
        Under UK data protection law you can ask for a copy of what we hold, ask us to correct it, delete it or stop using it, and take it
        elsewhere. Write to <Email address={email} />. If you are unhappy with our answer you can complain to the Information
        Commissioner&apos;s Office at <a href="https://ico.org.uk">ico.org.uk</a>.
      </p>
      <p>
        See also the <Link to={paths.terms}>terms of service</Link>.
      </p>
    </Page>
  );
}
