/** Joins class names, leaving out the false, null and undefined ones: `cx('a', open && 'b')`. */
export function cx(...classes: readonly (string | false | null | undefined)[]): string {
  return classes.filter((c) => typeof c === 'string' && c !== '').join(' ');
}
