// /forum, where the quick-links bar's default "Forum" link goes (spec section 2). The members'
// forum itself comes with issue 23; until then this page says so plainly and points to where a
// question gets answered today, so that the link never opens "Page not found" (docs/app.md).
import { Link } from 'react-router';
import { BookOpen, Calculator, Mail, MessagesSquare } from 'lucide-react';
import { useBrand } from '@matchkit/react';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { Card, EmptyState } from '../../components/ui';

const LINK = 'flex items-center gap-2 py-1';

export function ForumPage() {
  const brand = useBrand();
  return (
    <Page title="Members' forum" lead={`The ${brand.displayName} members' forum is not open yet.`}>
      <EmptyState
        icon={MessagesSquare}
        title="Coming soon"
        description="The forum will be where members ask each other about offers, bookmakers and the tools."
      />
      <Card as="section" aria-labelledby="forum-meanwhile" className="my-4">
        <h2 id="forum-meanwhile" className="m-0 mb-2 text-xl font-semibold">
          Until it opens, these answer most questions
        </h2>
        <ul className="m-0 list-none p-0">
          <li className={LINK}>
            <BookOpen aria-hidden="true" focusable="false" size={18} className="shrink-0 text-muted" />
            <span>
              <Link to={paths.firstGuide}>The guides</Link>, from the basic idea of matched betting onwards
            </span>
          </li>
          <li className={LINK}>
            <Calculator aria-hidden="true" focusable="false" size={18} className="shrink-0 text-muted" />
            <span>
              <Link to={paths.advancedCalculators}>The calculators</Link>, each with a worked example
            </span>
          </li>
          <li className={LINK}>
            <Mail aria-hidden="true" focusable="false" size={18} className="shrink-0 text-muted" />
            <span>
              <Link to={paths.contact}>Contact us</Link> with anything else: a person answers
            </span>
          </li>
        </ul>
      </Card>
    </Page>
  );
}
