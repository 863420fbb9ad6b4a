// @vitest-environment node
import type { GqlGuide } from '@matchkit/sdk/transport';
import { describe, expect, it } from 'vitest';
import { paragraphsOf } from './ContentBody';
import { neighbours } from './GuideView';

describe('paragraphsOf', () => {
  it('splits a stored body on blank lines, trimming and dropping empty paragraphs', () => {
    expect(paragraphsOf('One.\n\nTwo,\nstill two.\r\n\r\n  \n\nThree. ')).toEqual(['One.', 'Two,\nstill two.', 'Three.']);
  });

  it('keeps markup as text: nothing in a body is parsed', () => {
    expect(paragraphsOf('<script>alert(1)</script>\n\n<b>bold</b>')).toEqual(['<script>alert(1)</script>', '<b>bold</b>']);
  });

  it('an empty body has no paragraphs', () => {
    expect(paragraphsOf(' \n\n ')).toEqual([]);
  });
});

describe('neighbours (reading order)', () => {
  const guide = (slug: string): GqlGuide => ({ slug, title: slug, section: 'training', url: `/x/${slug}`, summary: '', order: 0 });
  const all = ['a', 'b', 'c'].map(guide);

  it('the first has only a next, the last only a previous, the middle both', () => {
    expect(neighbours(all, 'a')).toEqual({ previous: null, next: all[1] });
    expect(neighbours(all, 'b')).toEqual({ previous: all[0], next: all[2] });
    expect(neighbours(all, 'c')).toEqual({ previous: all[1], next: null });
  });

  it('a guide missing from the list has neither', () => {
    expect(neighbours(all, 'z')).toEqual({ previous: null, next: null });
  });
});
