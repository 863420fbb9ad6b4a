// The affiliate's mail: commission that has become payable (templates in mail/templates/members.tsx).
// The member can turn it off (`commission` setting), so it carries its unsubscribe link.
import { londonDate } from '@matchkit/app-contract';
import type { MailMessage } from '../../mail/mailer';
import type { MailFrame } from '../../mail/templates/frame';
import { CommissionPayable } from '../../mail/templates/members';
import { renderMail } from '../../mail/templates/render';
import { formatPence } from '../../money';

/** The app's page of the member's referrals and commission (the mail's button; a commission push opens it). */
export const REFERRALS_PATH = '/user/refer-a-friend';

/** One commission entry that has passed the refund window. */
export interface PayableCommission {
  /** The commission in pence (whole, positive). */
  readonly commission: number;
  /** When the referred member's payment was made (epoch ms). */
  readonly paidAt: number;
}

/** Tells affiliate `member` that one commission entry is now payable. */
export function commissionPayableMail(
  frame: MailFrame,
  to: string,
  member: { readonly id: string; readonly firstName: string },
  entry: PayableCommission,
): Promise<MailMessage> {
  if (!Number.isSafeInteger(entry.commission) || entry.commission <= 0)
    throw new TypeError(`commission: must be whole pence above 0 (received ${entry.commission})`);
  if (!Number.isFinite(entry.paidAt)) throw new TypeError(`paidAt: must be an instant (received ${entry.paidAt})`);
  const commission = formatPence(entry.commission);
  return renderMail(
    {
      to,
      subject: `${commission} of your ${frame.brand.displayName} commission is now payable`,
      kind: 'commission-payable',
      userId: member.id,
    },
    CommissionPayable,
    {
      frame,
      firstName: member.firstName,
      commission,
      paidOn: londonDate(entry.paidAt),
      referralsUrl: `${frame.origin}${REFERRALS_PATH}`,
    },
  );
}
