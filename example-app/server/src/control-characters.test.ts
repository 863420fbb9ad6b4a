import { describe, expect, it } from 'vitest';
import { controlCharactersSuite } from './control-characters-suite';
import { forbiddenControl } from './control-characters';
import { testDatabase } from './test/app';

describe('forbiddenControl', () => {
  it('names the first C0 control or DEL; tab, LF and CR only where multi-line text is allowed', () => {
    expect(forbiddenControl('plain text, £5 & émoji 🎉', false)).toBeNull();
    expect(forbiddenControl('a\u0000b', false)).toBe('U+0000');
    expect(forbiddenControl('a\u007f', false)).toBe('U+007F');
    expect(forbiddenControl('a\u0085b\u00a0', false)).toBeNull();
    for (const c of ['\t', '\n', '\r']) {
      expect(forbiddenControl(`a${c}b`, false)).not.toBeNull();
      expect(forbiddenControl(`a${c}b`, true)).toBeNull();
    }
    expect(forbiddenControl('a\nb\u001b', true)).toBe('U+001B');
  });
});

controlCharactersSuite('PGlite', testDatabase);
