// Renders `children` once its place comes within about a screen of the viewport (or at once where
// the browser has no IntersectionObserver): for the lower part of a long page, whose code need not
// be part of the first page's download. Until then it keeps `placeholderClass`'s room, so the page
// does not jump; while the code loads, the usual loading state.
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Loading } from '../../components/Status';

export function Deferred({
  children,
  placeholderClass = 'min-h-[60rem]',
}: {
  readonly children: ReactNode;
  readonly placeholderClass?: string;
}) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = place.current;
    if (near || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <div ref={place} className={placeholderClass} />;
  return (
    <Suspense
      fallback={
        <div className={placeholderClass}>
          <Loading />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
