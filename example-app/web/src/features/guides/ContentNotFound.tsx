// An offer or guide address with nothing behind it (a removed offer, a mistyped slug): the same
// heading as any unknown page, and the ways on.
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';

export function ContentNotFound({ what, slug }: { readonly what: 'offer' | 'guide'; readonly slug: string }) {
  return (
    <Page title="Page not found" lead={<>We have no {what === 'offer' ? 'offer or guide' : 'guide'} called <code>{slug}</code>. It may have ended or been renamed.</>}>
      <h2>Where to next</h2>
      <ul>
        <li>
          <Link to={paths.home}>The dashboard</Link>: the offers open now, and every guide
        </li>
        <li>
          <Link to={paths.firstGuide}>Tutorial 1: the basic idea</Link>, the start of the training
        </li>
        <li>
          <Link to={paths.contact}>Contact us</Link> if a link on our site brought you here
        </li>
      </ul>
    </Page>
  );
}
