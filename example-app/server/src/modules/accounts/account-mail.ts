// The account settings' mail, one function per message (plain text, signed with the brand's name;
// issue 23 replaces these templates). Each returns the subject and text; the caller sends it.
import type { MailMessage } from '../../mail/mailer';

interface Member {
  readonly firstName: string;
}

const signed = (brand: string, ...lines: string[]) => [...lines, '', `The ${brand} team`].join('\n');

/** The link that confirms the member's address: at sign-up, and on "Send again". */
export function verifyAddressMail(brand: string, to: string, member: Member, link: string): MailMessage {
  return {
    to,
    subject: `Confirm your email address for ${brand}`,
    text: signed(
      brand,
      `Hello ${member.firstName},`,
      '',
      `Please confirm that this is your email address, so that we can reach you about your ${brand} account.`,
      'Open this link within 24 hours. It works once:',
      '',
      link,
      '',
      `If you did not create a ${brand} account, ignore this message.`,
    ),
  };
}

/** To the NEW address: the link that moves the account to it. */
export function confirmNewAddressMail(brand: string, to: string, member: Member, link: string): MailMessage {
  return {
    to,
    subject: `Confirm your new email address for ${brand}`,
    text: signed(
      brand,
      `Hello ${member.firstName},`,
      '',
      `You asked to use this address for your ${brand} account.`,
      'Open this link within an hour to confirm it. It works once:',
      '',
      link,
      '',
      'Until you open it, your account keeps its current address. If you did not ask for this, ignore this message.',
    ),
  };
}

/** To the OLD address: a change was asked for (it happens only once the new address is confirmed). */
export function addressChangeAskedMail(brand: string, to: string, member: Member): MailMessage {
  return {
    to,
    subject: `A change of email address was asked for on ${brand}`,
    text: signed(
      brand,
      `Hello ${member.firstName},`,
      '',
      `Someone signed in to your ${brand} account asked to change its email address.`,
      'We have sent a link to the new address; nothing changes until that link is opened.',
      '',
      'If this was not you, change your password now and contact us.',
    ),
  };
}

/** To the OLD address: the change has happened. */
export function addressChangedMail(brand: string, to: string, member: Member): MailMessage {
  return {
    to,
    subject: `Your ${brand} email address has been changed`,
    text: signed(
      brand,
      `Hello ${member.firstName},`,
      '',
      `The email address of your ${brand} account has been changed, and we will write to the new address from now on.`,
      '',
      'If this was not you, contact us at once.',
    ),
  };
}
