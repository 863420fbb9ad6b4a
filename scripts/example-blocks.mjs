// The documentation's code blocks, as the examples checks read them: every export's TSDoc
// @example blocks (check-examples.mjs) and the guides' and READMEs' blocks (check-doc-examples.mjs).
// Shared with the browser tests' doc-examples.test.ts, which runs the ```ts platform and ```ts
// network blocks against the example server (the checks above run every other block).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Every exported symbol of the public entry points (typedoc.json) and the ```ts/```tsx blocks of
 * their TSDoc @example tags.
 * @param {string} root the repository root
 * @returns {{ entryPoints: string[], checked: number, missing: string[], snippets: import('./run-examples.mjs').ExampleBlock[] }}
 */
export function tsdocBlocks(root) {
  const entryPoints = JSON.parse(readFileSync(join(root, 'typedoc.json'), 'utf8')).entryPoints.map((e) => join(root, e));
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  const program = ts.createProgram(entryPoints, parsed.options);
  const checker = program.getTypeChecker();
  const missing = [];
  const snippets = [];
  const seen = new Set();
  let checked = 0;
  for (const file of entryPoints) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) {
      missing.push(`${relative(root, file)}: not a module`);
      continue;
    }
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      checked += 1;
      const tags = (symbol.declarations ?? []).flatMap((d) => ts.getJSDocTags(d));
      if (!tags.some((t) => t.tagName.text === 'example')) {
        missing.push(`${relative(root, file)}: ${exported.getName()}`);
      }
      for (const tag of tags) {
        const sourceFile = tag.getSourceFile();
        const key = `${sourceFile.fileName}:${tag.pos}`;
        if (tag.tagName.text !== 'example' || seen.has(key)) continue;
        seen.add(key);
        const text = ts.getTextOfJSDocComment(tag.comment) ?? '';
        const tagLine = sourceFile.getLineAndCharacterOfPosition(tag.getStart()).line + 1;
        for (const m of text.matchAll(/```(tsx|typescript|ts)\b([^\n]*)\n([\s\S]*?)```/g)) {
          const fenceLine = tagLine + text.slice(0, m.index).split('\n').length;
          snippets.push({
            code: m[3],
            info: m[2],
            ext: m[1] === 'tsx' ? 'tsx' : 'ts',
            file: relative(root, sourceFile.fileName),
            line: fenceLine + 1,
          });
        }
      }
    }
  }
  return { entryPoints, checked, missing, snippets };
}

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'api' ? [] : markdownFiles(p);
    return e.name.endsWith('.md') ? [p] : [];
  });
}

const RUNNABLE = { ts: 'ts', typescript: 'ts', tsx: 'tsx', js: 'js', javascript: 'js' };

/**
 * The code blocks of the guides (docs/**\/*.md) and the READMEs (root and packages).
 * - `snippets`: every ```ts/```tsx block that is not a ```ts fragment nor shows a file (typechecked);
 * - `guideBlocks`: those of the guides, with their fence words (run by run-examples.mjs);
 * - `runnable`: the READMEs' ```ts, ```tsx and ```js blocks that are not fragments (run in a page);
 * - `fileErrors`: a `<!-- file: examples/... -->` block that differs from its file, or names none;
 *   `shown`: how many such blocks there are.
 * @param {string} root the repository root
 */
export function docBlocks(root) {
  const readmes = [join(root, 'README.md'), join(root, 'sdk', 'README.md'), join(root, 'react-bindings', 'README.md')];
  const files = [...markdownFiles(join(root, 'docs')), ...readmes];
  const snippets = [];
  const runnable = [];
  const guideBlocks = [];
  const fileErrors = [];
  let shown = 0;
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    let block = null;
    // The repository file the next block shows whole (`<!-- file: path -->` just before it).
    let showsFile = null;
    lines.forEach((line, i) => {
      if (block === null) {
        const marker = /^<!-- file: (\S+) -->$/.exec(line.trim());
        if (marker) {
          showsFile = { path: marker[1], line: i + 1 };
          return;
        }
        const fence = /^```(\w*)/.exec(line.trim());
        if (fence) {
          // ```ts, or ```ts dom / platform / network / browser / no-run: <reason> (run-examples.mjs): typechecked; ```ts fragment is not.
          const m = /^```(tsx|typescript|ts)((?:\s+(?:dom|platform|network|browser|no-run:.*))?)\s*$/.exec(line.trim());
          const readme = readmes.includes(file);
          const run = readme && !/\bfragment\b/.test(line) ? (RUNNABLE[fence[1]] ?? null) : null;
          block = {
            start: i + 1,
            lines: [],
            ext: m === null ? null : m[1] === 'tsx' ? 'tsx' : 'ts',
            info: m?.[2] ?? '',
            shows: showsFile,
            run,
            readme,
          };
          showsFile = null;
        } else if (line.trim() !== '' && showsFile !== null) {
          fileErrors.push(
            `${relative(root, file)}:${showsFile.line}: <!-- file: ${showsFile.path} --> must be followed by the code block showing it`,
          );
          showsFile = null;
        }
      } else if (line.trim() === '```') {
        const code = block.lines.join('\n');
        // A block that shows a file is checked where that file is (examples/tsconfig.json, or the
        // fresh projects of examples/recipes/recipes.test.ts): here, only that it equals the file.
        if (block.ext !== null && block.shows === null) {
          snippets.push({ code, ext: block.ext, file: relative(root, file), line: block.start + 1 });
          if (!block.readme)
            guideBlocks.push({ code, ext: block.ext, info: block.info, file: relative(root, file), line: block.start + 1 });
        }
        if (block.run !== null) runnable.push({ code, ext: block.run, file: relative(root, file), line: block.start + 1 });
        if (block.shows !== null) {
          const shownPath = join(root, block.shows.path);
          shown += 1;
          if (!existsSync(shownPath)) fileErrors.push(`${relative(root, file)}:${block.shows.line}: ${block.shows.path} does not exist`);
          else if (readFileSync(shownPath, 'utf8').trimEnd() !== code.trimEnd())
            fileErrors.push(
              `${relative(root, file)}:${block.start}: the block differs from ${block.shows.path}: copy the file into it again`,
            );
        }
        block = null;
      } else {
        block.lines.push(line);
      }
    });
  }
  return { files, snippets, runnable, guideBlocks, fileErrors, shown };
}
