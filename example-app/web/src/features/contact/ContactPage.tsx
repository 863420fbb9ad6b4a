// /contact: how to reach support. An email address (configuration or the brand), and what to
// expect: no form that goes nowhere.
import { Link } from 'react-router';
import { useBrand } from '@matchkit/react';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { supportEmail } from './support';

export function ContactPage() {
  const brand = useBrand();
  const email = supportEmail(brand);
  return (
    <Page
      title="Contact us"
      className="[&_h2]:mt-8 [&_h2]:text-xl"
      width="reading"
      lead={`The ${brand.displayName} team answers every message by email.`}
    >
      <p className="rounded-card border border-l-4 border-border border-l-accent bg-surface px-4 py-3 shadow-card">
        Email <a href={`mailto:${email}`}>{email}</a>. We reply within two working days, Monday to Friday, 9am to 5pm UK time.
      </p>

      <h2>Help us help you</h2>
      <ul>
        <li>Write from the email address on your account, so we can find it. Never send us your password.</li>
        <li>
          For a question about a charge, give its date and amount. The <Link to={paths.refunds}>refund policy</Link> explains what we can
          do.
        </li>
        <li>
          For a question about an offer, name the offer and the step you are on. We can explain our guides; only the bookmaker can change
          its own terms or your account with it.
        </li>
      </ul>

      <h2>Other things you can do yourself</h2>
      <ul>
        <li>
          Cancel or change your plan from <Link to={paths.account}>your account</Link>.
        </li>
        <li>
          Reset a forgotten password from <Link to={paths.forgotPassword}>the sign-in page</Link>.
        </li>
        <li>Close your account or exclude yourself: email us and we will do it straight away.</li>
      </ul>

      <h2>If gambling is worrying you</h2>
      <p>
        You do not need to contact us first. The National Gambling Helpline is free and open day and night on{' '}
        <a href="tel:08088020133">0808 8020 133</a>, and our <Link to={paths.responsibleGambling}>responsible gambling page</Link> lists
        more help.
      </p>
    </Page>
  );
}
