// Every web test file unmounts what it rendered after each of its tests. The files share one jsdom
// document per worker (isolate: false in vitest.config.ts), so a render a file leaves behind would
// be found by the next file's queries (a "Save now" button from one file once broke Button.test's
// getByRole('button')).
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);

// jsdom has no CSS.escape, which React Aria's overlays call (for a meta tag's name): a browser's,
// for word characters. Here for every file that opens a Dialog, not only the first to define it.
if (typeof globalThis.CSS?.escape !== 'function') {
  Object.defineProperty(globalThis, 'CSS', { value: { escape: (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`) }, configurable: true });
}
