// The account's messages (all essential: the `account` setting is always on): confirming an
// address, changing it, resetting the password, and the welcome at registration.
import { Layout } from './Layout';
import type { MailFrame } from './frame';
import { Action, P } from './parts';

/** What every account message knows of the member. */
export interface AccountMailProps {
  readonly frame: MailFrame;
  readonly firstName: string;
}

const accountReason = (brand: string) =>
  `You get this email because it is about your ${brand} account. Account emails cannot be turned off.`;

/** The link that confirms the member's address (at sign-up, and on "Send again"). */
export function VerifyEmail({ frame, firstName, link }: AccountMailProps & { readonly link: string }) {
  const brand = frame.brand.displayName;
  return (
    <Layout frame={frame} preview="Confirm your email address: the link works once, within 24 hours." reason={accountReason(brand)}>
      <P>Hello {firstName},</P>
      <P>Please confirm that this is your email address, so that we can reach you about your {brand} account.</P>
      <P>Open this link within 24 hours. It works once:</P>
      <Action href={link} accent={frame.brand.colors.accent}>
        Confirm my email address
      </Action>
      <P>If you did not create a {brand} account, ignore this message.</P>
    </Layout>
  );
}

/** To the NEW address: the link that moves the account to it. */
export function ConfirmNewAddress({ frame, firstName, link }: AccountMailProps & { readonly link: string }) {
  const brand = frame.brand.displayName;
  return (
    <Layout frame={frame} preview="Confirm your new email address: the link works once, within an hour." reason={accountReason(brand)}>
      <P>Hello {firstName},</P>
      <P>You asked to use this address for your {brand} account.</P>
      <P>Open this link within an hour to confirm it. It works once:</P>
      <Action href={link} accent={frame.brand.colors.accent}>
        Confirm my new address
      </Action>
      <P>Until you open it, your account keeps its current address. If you did not ask for this, ignore this message.</P>
    </Layout>
  );
}

/** To the OLD address: a change was asked for (it happens only once the new address is confirmed). */
export function AddressChangeAsked({ frame, firstName }: AccountMailProps) {
  const brand = frame.brand.displayName;
  return (
    <Layout frame={frame} preview="Nothing changes until the link we sent to the new address is opened." reason={accountReason(brand)}>
      <P>Hello {firstName},</P>
      <P>Someone signed in to your {brand} account asked to change its email address.</P>
      <P>We have sent a link to the new address; nothing changes until that link is opened.</P>
      <P>If this was not you, change your password now and contact us.</P>
    </Layout>
  );
}

/** To the OLD address: the change has happened. */
export function AddressChanged({ frame, firstName }: AccountMailProps) {
  const brand = frame.brand.displayName;
  return (
    <Layout frame={frame} preview="We will write to your new address from now on." reason={accountReason(brand)}>
      <P>Hello {firstName},</P>
      <P>The email address of your {brand} account has been changed, and we will write to the new address from now on.</P>
      <P>If this was not you, contact us at once.</P>
    </Layout>
  );
}

/** The link that lets the member choose a new password. */
export function PasswordReset({ frame, firstName, link }: AccountMailProps & { readonly link: string }) {
  const brand = frame.brand.displayName;
  return (
    <Layout frame={frame} preview="Choose a new password: the link works once, within an hour." reason={accountReason(brand)}>
      <P>Hello {firstName},</P>
      <P>Someone, we hope you, asked to reset the password of your {brand} account.</P>
      <P>Open this link within an hour to choose a new password. It works once:</P>
      <Action href={link} accent={frame.brand.colors.accent}>
        Choose a new password
      </Action>
      <P>If you did not ask for this, ignore this message: your password stays as it is.</P>
    </Layout>
  );
}

/** The welcome at registration, once (the address's confirmation link comes in its own message). */
export function Welcome({ frame, firstName }: AccountMailProps) {
  const brand = frame.brand.displayName;
  return (
    <Layout frame={frame} preview={`Your ${brand} account is ready: a short guide to your first steps.`} reason={accountReason(brand)}>
      <P>Hello {firstName},</P>
      <P>Welcome to {brand}. Your account is ready.</P>
      <P>
        Matched betting uses bookmakers&apos; free bet offers, backing and laying the same outcome so that the result matters less. It takes
        care and time, and nothing is guaranteed: read each offer&apos;s terms, and only stake what you can afford to lose.
      </P>
      <P>Our short guide walks you through your first steps:</P>
      <Action href={`${frame.origin}/welcome`} accent={frame.brand.colors.accent}>
        Start the guide
      </Action>
      <P>We have also sent you a link to confirm your email address, in a separate message.</P>
    </Layout>
  );
}
