// An offer or guide address with nothing behind it (a removed offer, a mistyped slug): the
// not-found page, saying what was asked for.
import { NotFoundPage } from '../not-found';

export function ContentNotFound({ what, slug }: { readonly what: 'offer' | 'guide'; readonly slug: string }) {
  return (
    <NotFoundPage
      lead={
        <>
          We have no {what === 'offer' ? 'offer or guide' : 'guide'} called <code>{slug}</code>. It may have ended or been renamed.
        </>
      }
    />
  );
}
