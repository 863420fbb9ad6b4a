// The text of a guide or an offer as the server stores it: plain text, paragraphs separated by
// blank lines (docs/server.md, Content). It is rendered as React text nodes, never as HTML, so
// nothing in it can become markup or script.
import { Fragment } from 'react';

/** The paragraphs of a stored body: split on blank lines, trimmed, empty ones dropped. */
export function paragraphsOf(body: string): string[] {
  return body
    .split(/\r?\n[ \t]*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

export function ContentBody({ body }: { readonly body: string }) {
  return (
    <div className="content-body max-w-reading">
      {paragraphsOf(body).map((paragraph, i) => (
        <p key={i}>
          {paragraph.split(/\r?\n/).map((line, j) => (
            <Fragment key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}
