// A fixture of scripts/lint-rules.test.ts: the other half of the circle (see a.ts).
import { a } from './a';

export const b = (): number => (typeof a === 'function' ? 1 : 0);
