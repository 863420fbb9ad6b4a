// A TypeDoc plugin (typedoc.json "plugin"): drops the warning "<name> has multiple declarations with
// a comment" when every declaration it lists is the same line of the same file. TypeDoc lists one
// property twice when a type is inferred from a valibot object schema (its output type maps the
// required and the optional keys separately, and both point back at the one property written in
// the schema), so the "arbitrary comment" it would pick is the only comment there is. A symbol
// with two different commented declarations still warns, and warnings are still errors.
import { stripVTControlCharacters } from 'node:util';

const MULTIPLE = / has multiple declarations with a comment\. An arbitrary comment will be used/;
const DECLARED_AT = /The comments for .* are declared at:\n([\s\S]*)$/;

/** @param {import('typedoc').Application} app */
export function load(app) {
  const logger = app.logger;
  const log = logger.log.bind(logger);
  /** @type {[string, number] | null} */
  let held = null;
  const flush = () => {
    if (held !== null) log(...held);
    held = null;
  };
  logger.log = (message, level) => {
    const text = String(message);
    if (level === 2 && MULTIPLE.test(text)) {
      flush();
      held = [message, level];
      return;
    }
    if (held !== null && level === 1) {
      const places = DECLARED_AT.exec(stripVTControlCharacters(text));
      if (places !== null) {
        const unique = new Set(
          places[1]
            .split('\n')
            .map((line) => line.trim())
            .filter((line) => line !== ''),
        );
        if (unique.size <= 1) {
          held = null;
          return;
        }
      }
    }
    flush();
    log(message, level);
  };
}
