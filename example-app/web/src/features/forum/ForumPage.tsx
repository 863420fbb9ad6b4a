// /forum, where the quick-links bar's default "Forum" link goes (spec section 2). The members'
// forum itself comes with issue 23; until then this page says so plainly and points to where a
// question gets answered today, so that the link never opens "Page not found" (docs/app.md).
import { Link } from 'react-router';
import { useBrand } from '@matchkit/react';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';

export function ForumPage() {
  const brand = useBrand();
  return (
    <Page title="Members' forum" lead={`The ${brand.displayName} members' forum is not open yet.`}>
      <p>
        The forum will be where members ask each other about offers, bookmakers and the tools. Until it opens, these answer most questions:
      </p>
      <ul>
        <li>
          <Link to={paths.firstGuide}>The guides</Link>, from the basic idea of matched betting onwards
        </li>
        <li>
          <Link to={paths.advancedCalculators}>The calculators</Link>, each with a worked example
        </li>
        <li>
          <Link to={paths.contact}>Contact us</Link> with anything else: a person answers
        </li>
      </ul>
    </Page>
  );
}
