// One page of the app: its <h1>, the document title, and focus moved to the heading when the
// route changes (so a screen reader announces the new page and keyboard users start at its top).
import { useEffect, useRef, type ReactNode } from 'react';
import { useBrand } from '@matchkit/react';

export interface PageProps {
  /** The page's heading and the first part of the document title. */
  readonly title: string;
  /**
   * The document title's first part when the heading cannot be it (the home page, whose heading
   * is the brand's name: its title would read "Brightlay · Brightlay").
   */
  readonly documentTitle?: string;
  /** Text under the heading. */
  readonly lead?: ReactNode;
  readonly children?: ReactNode;
  /** A class for the page's <article> (layout variants). */
  readonly className?: string;
}

export function Page({ title, documentTitle, lead, children, className }: PageProps) {
  const brand = useBrand();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${documentTitle ?? title} · ${brand.displayName}`;
  }, [title, documentTitle, brand.displayName]);
  useEffect(() => {
    // Only after an in-app navigation: on the first load the browser's own focus is right.
    if (window.history.state?.idx > 0) heading.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <article className={className === undefined ? 'page' : `page ${className}`}>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {lead === undefined ? null : <p className="lead">{lead}</p>}
      {children}
    </article>
  );
}
