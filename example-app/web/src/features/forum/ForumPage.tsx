// /forum. The Forum quick link goes straight to the members' Discourse forum when the site has one
// (FORUM_URL; the server signs members in to it), and here when it has none: then this page says
// plainly that the forum is not set up and points to where a question gets answered (never "Page
// not found"). The forum's sign-in sends a member whose address is not confirmed here with
// `?confirm=email`: the forum needs a confirmed address, and "Send again" mails a new link.
import { Link, useSearchParams } from 'react-router';
import { BookOpen, Calculator, Mail, MessagesSquare } from 'lucide-react';
import { useBrand, useMatchkitQuery } from '@matchkit/react';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { ErrorMessage } from '../../components/Status';
import { ButtonLink, Card, EmptyState, LoadingState } from '../../components/ui';
import { AddressNotice } from '../account';
import { ForumUrlQuery } from './api/forum';

const LINK = 'flex items-center gap-2 py-1';

export function ForumPage() {
  const brand = useBrand();
  const [params] = useSearchParams();
  const query = useMatchkitQuery(ForumUrlQuery);
  if (query.status === 'pending') return <LoadingState label="Loading the forum…" />;
  if (query.status === 'error') return <ErrorMessage error={query.error} retry={query.refetch} />;
  const forumUrl = query.data.data.forumUrl;
  if (forumUrl === null) {
    return (
      <Page title="Members' forum" lead={`The community forum is not set up on ${brand.displayName}.`}>
        <EmptyState
          icon={MessagesSquare}
          title="There is no forum here"
          description="This site has no members' forum. The guides, the calculators and our team answer most questions."
        />
        <Elsewhere />
      </Page>
    );
  }
  return (
    <Page title="Members' forum" lead="Ask other members about offers, bookmakers and the tools, and share what you learn.">
      {params.get('confirm') === 'email' ? (
        <AddressNotice className="my-4" why="The forum needs a confirmed address: once you have opened the link, open the forum again." />
      ) : null}
      <ButtonLink to={forumUrl} reloadDocument icon={MessagesSquare}>
        Open the forum
      </ButtonLink>
      <p className="text-sm text-muted">The forum signs you in with your {brand.displayName} account.</p>
    </Page>
  );
}

/** Where a question gets answered on a site without a forum. */
function Elsewhere() {
  return (
    <Card as="section" aria-labelledby="forum-elsewhere" className="my-4">
      <h2 id="forum-elsewhere" className="m-0 mb-2 text-xl font-semibold">
        Where to ask instead
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
  );
}
