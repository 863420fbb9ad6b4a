// One page of the app: its <h1>, the document title, and focus moved to the heading when the
// route changes (so a screen reader announces the new page and keyboard users start at its top).
// Its width: the tool pages (oddsmatcher, finders, tracker, balance sheet) take the full width
// (`wide`, up to 100rem = 1600 px) for their tables; the reading pages (guides, legal pages) a
// narrower measure (`reading`, 46rem); every other page `default` (72rem).
import { useEffect, useRef, type ReactNode } from 'react';
import { useBrand } from '@matchkit/react';
import { cx } from './ui/cx';

/** How wide a page's content may grow: see the file's comment for which pages use which. */
export type PageWidth = 'reading' | 'default' | 'wide';

const WIDTHS: Readonly<Record<PageWidth, string>> = {
  reading: 'max-w-reading',
  default: 'max-w-default',
  wide: 'max-w-wide',
};

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
  /** `wide` for tool pages, `reading` for long text, `default` otherwise. */
  readonly width?: PageWidth;
}

export function Page({ title, documentTitle, lead, children, className, width = 'default' }: PageProps) {
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
    <article className={cx('page mx-auto w-full pt-4', WIDTHS[width], className)}>
      <h1 ref={heading} tabIndex={-1} className="mt-2 mb-3 text-2xl leading-tight font-bold tracking-tight sm:text-3xl">
        {title}
      </h1>
      {lead === undefined ? null : <p className="mt-0 mb-4 max-w-reading text-lg text-muted">{lead}</p>}
      {children}
    </article>
  );
}
