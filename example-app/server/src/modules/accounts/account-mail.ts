// The account's mail, one builder per message (templates in mail/templates/account.tsx, HTML and
// plain text, signed with the brand's name). Each returns the message; the caller sends it.
import type { MailMessage } from '../../mail/mailer';
import { AddressChangeAsked, AddressChanged, ConfirmNewAddress, PasswordReset, VerifyEmail, Welcome } from '../../mail/templates/account';
import type { MailFrame } from '../../mail/templates/frame';
import { renderMail } from '../../mail/templates/render';

interface Member {
  readonly id: string;
  readonly firstName: string;
}

/** The link that confirms the member's address: at sign-up, and on "Send again". */
export function verifyAddressMail(frame: MailFrame, to: string, member: Member, link: string): Promise<MailMessage> {
  const subject = `Confirm your email address for ${frame.brand.displayName}`;
  return renderMail({ to, subject, kind: 'verify-email', userId: member.id }, VerifyEmail, { frame, firstName: member.firstName, link });
}

/** To the NEW address: the link that moves the account to it. */
export function confirmNewAddressMail(frame: MailFrame, to: string, member: Member, link: string): Promise<MailMessage> {
  const subject = `Confirm your new email address for ${frame.brand.displayName}`;
  return renderMail({ to, subject, kind: 'email-change', userId: member.id }, ConfirmNewAddress, {
    frame,
    firstName: member.firstName,
    link,
  });
}

/** To the OLD address: a change was asked for (it happens only once the new address is confirmed). */
export function addressChangeAskedMail(frame: MailFrame, to: string, member: Member): Promise<MailMessage> {
  const subject = `A change of email address was asked for on ${frame.brand.displayName}`;
  return renderMail({ to, subject, kind: 'email-change', userId: member.id }, AddressChangeAsked, { frame, firstName: member.firstName });
}

/** To the OLD address: the change has happened. */
export function addressChangedMail(frame: MailFrame, to: string, member: Member): Promise<MailMessage> {
  const subject = `Your ${frame.brand.displayName} email address has been changed`;
  return renderMail({ to, subject, kind: 'email-changed', userId: member.id }, AddressChanged, { frame, firstName: member.firstName });
}

/** The link that lets the member choose a new password (one use, one hour). */
export function passwordResetMail(frame: MailFrame, to: string, member: Member, link: string): Promise<MailMessage> {
  const subject = `Reset your ${frame.brand.displayName} password`;
  return renderMail({ to, subject, kind: 'password-reset', userId: member.id }, PasswordReset, {
    frame,
    firstName: member.firstName,
    link,
  });
}

/** The welcome at registration, once per member. */
export function welcomeMail(frame: MailFrame, to: string, member: Member): Promise<MailMessage> {
  const subject = `Welcome to ${frame.brand.displayName}`;
  return renderMail({ to, subject, kind: 'welcome', userId: member.id }, Welcome, { frame, firstName: member.firstName });
}
