// /user/refer-a-friend (members only): the member's code and link, the members who joined with
// it, the commission earned, and the programme's terms in one line.
import { Link } from 'react-router';
import { useBrand } from '@matchkit/react';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { RequireMember } from '../session';
import { MemberReferrals } from './MemberReferrals';
import { termsLine } from './programme';

export function ReferAFriendPage() {
  const brand = useBrand();
  return (
    <Page
      title="Refer a friend"
      lead={`Share your link with friends aged 18 or over. When someone joins ${brand.displayName} with it and pays for a plan, you earn commission.`}
    >
      <RequireMember>
        <MemberReferrals />
        <p className="text-muted">
          {termsLine(brand)} <Link to={paths.affiliates}>The affiliate programme</Link>
        </p>
      </RequireMember>
    </Page>
  );
}
