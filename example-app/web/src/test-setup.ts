// Every web test file unmounts what it rendered after each of its tests. The files share one jsdom
// document per worker (isolate: false in vitest.config.ts), so a render a file leaves behind would
// be found by the next file's queries (a "Save now" button from one file once broke Button.test's
// getByRole('button')).
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);
