// The TSDoc examples' runner (run-examples.mjs): a block that throws, or whose stated result is
// wrong, fails, naming its line; a comment that is prose states nothing; blocks marked platform or
// network (without an example server) and no-run are skipped with their reason. The blocks here import nothing, so no build is needed.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHECK_NAME,
  BROWSER_REASON,
  PLATFORM_REASON,
  runExamples,
  runMode,
  statedChecker,
  statedResult,
  withChecks,
  type ExampleBlock,
} from './run-examples.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const block = (code: string, info = '', ext: 'ts' | 'tsx' = 'ts'): ExampleBlock => ({ code, ext, file: 'sdk/src/x.ts', line: 10, info });
const run = (...blocks: ExampleBlock[]) => runExamples(ROOT, 'run-examples-test', blocks);

describe('statedResult', () => {
  it('reads the literal a comment starts with, and the explanation after it is not part of it', () => {
    expect(statedResult(' 1599: 40% is 1599.6, the 0.6p is carried')?.value).toBe(1599);
    expect(statedResult(" 'aug-2025' (09:00 UK time)")?.value).toBe('aug-2025');
    expect(statedResult(' -0.13 (half away from zero)')?.value).toBe(-0.13);
    expect(statedResult(' 3999 pence')?.value).toBe(3999);
    expect(statedResult(" { ok: false, reason: 'missing' }")?.value).toEqual({ object: { ok: false, reason: 'missing' } });
    expect(statedResult(' []: lapsed')?.value).toEqual([]);
    expect(statedResult(' undefined: no plan grants it')).toEqual({ value: undefined, text: 'undefined' });
  });

  it('states nothing for prose, even prose that starts with a number', () => {
    expect(statedResult(' the whole snapshot')).toBeUndefined();
    expect(statedResult(' 4 places at 1/5 odds')).toBeUndefined();
    expect(statedResult(' t0 + 3600000')).toBeUndefined();
    expect(statedResult(' £250 at 3.2')).toBeUndefined();
  });
});

describe('withChecks and statedChecker (the READMEs use them in a jsdom page)', () => {
  it('wraps each statement that states its result, and the checker names the wrong one by its line', () => {
    const { code, stated } = withChecks('const x = [1, 2];\nx.length; // 2\nx[0]; // 5', 'ts');
    const failures: string[] = [];
    let counted = 0;
    const check = statedChecker({ file: 'README.md', line: 20 }, stated, failures, () => (counted += 1));
    new Function(CHECK_NAME, code.replaceAll(`globalThis.${CHECK_NAME}`, CHECK_NAME))(check);
    expect(counted).toBe(2);
    expect(failures).toEqual(['README.md:22: states 5, the code gives 1']);
  });
});

describe('runMode', () => {
  it('runs a plain block in Node, a dom block with a page, and skips network and no-run blocks with their reason', () => {
    expect(runMode('')).toEqual({ run: 'node' });
    expect(runMode(' dom')).toEqual({ run: 'dom' });
    expect(runMode(' network')).toEqual({ run: 'platform' });
    expect(runMode(' platform')).toEqual({ run: 'platform' });
    expect(runMode(' browser')).toEqual({ run: 'browser' });
    expect(runMode(' no-run: needs a camera')).toEqual({ run: false, reason: 'needs a camera' });
    expect(runMode(' no-run:')).toEqual({ error: expect.stringContaining('unknown fence words') });
    expect(runMode(' fragment')).toEqual({ error: expect.stringContaining('unknown fence words') });
  });
});

describe('runExamples', () => {
  it('passes a block whose stated results are right, numbers to float rounding and to the digits shown', async () => {
    const result = await run(
      block(
        [
          'Math.round(2.5); // 3',
          '0.1 + 0.2; // 0.3 (to float rounding)',
          '2 / 3; // 0.666...',
          "({ a: [1, 'x'] }); // { a: [1, 'x'] }",
          'let n = 0;',
          'n = 31; // 31 minutes later: an assignment states nothing',
        ].join('\n'),
      ),
    );
    expect(result).toMatchObject({ errors: [], ran: 1, checked: 4 });
  });

  it('fails a wrong stated result, naming the line and what the code gives', async () => {
    const { errors } = await run(
      block('const roundForDisplay = (x: number) => Math.round(x * 100) / 100;\nroundForDisplay(9.4339622); // 9.44'),
    );
    expect(errors).toEqual(['sdk/src/x.ts:11: states 9.44, the code gives 9.43']);
  });

  it('fails an object that differs in one field, or has a field more', async () => {
    const { errors } = await run(block("({ ok: true, code: 'ADA42' }); // { ok: true }\n({ ok: true }); // { ok: false }"));
    expect(errors).toHaveLength(2);
  });

  it('fails a block that throws, or uses a page in Node', async () => {
    const { errors } = await run(block("new URL('/graphql');"), block('document.title;'));
    expect(errors).toEqual(['sdk/src/x.ts:10: throws when run: Invalid URL', 'sdk/src/x.ts:10: throws when run: document is not defined']);
  });

  it('fails a block whose listener or timer throws after the block finished, and runs the next', async () => {
    const result = await run(block("setTimeout(() => { throw new Error('late'); }, 0);"), block('1 + 1; // 2'));
    expect(result.errors).toEqual(['sdk/src/x.ts:10: throws later, uncaught: late']);
    expect(result).toMatchObject({ ran: 2, checked: 1 });
  });

  it('runs the blocks in a scratch folder, where a file one block writes is there for the next', async () => {
    const before = process.cwd();
    const result = await run(
      block("import { writeFileSync } from 'node:fs';\nwriteFileSync('brand.json', '{}');"),
      block("import { readFileSync } from 'node:fs';\nreadFileSync('brand.json', 'utf8'); // '{}'"),
    );
    expect(result).toMatchObject({ errors: [], ran: 2, checked: 1 });
    expect(process.cwd()).toBe(before);
    expect(existsSync(join(before, 'brand.json'))).toBe(false);
  });

  it('skips a platform block when no example server is named, and sends its requests to the one named, with the token', async () => {
    expect((await run(block('throw new Error("not run");', ' platform'))).skipped).toEqual([
      { where: 'sdk/src/x.ts:10', reason: PLATFORM_REASON },
    ]);
    // A server that answers with what it was sent: the path, the authorization header and the body.
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => res.end(JSON.stringify({ path: req.url, authorization: req.headers.authorization ?? null, body })));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const post = "await (await fetch('https://api.example.com/graphql', { method: 'POST', body: 'q' })).json()";
      const result = await runExamples(
        ROOT,
        'run-examples-test',
        [
          block(`(${post}); // { path: '/graphql', authorization: 'Bearer t0k', body: 'q' }`, ' platform'),
          block(
            "(await (await fetch(new Request('https://api.example.com/graphql', { headers: { authorization: 'Bearer own' } }))).json()).authorization; // 'Bearer own'",
            ' platform',
          ),
          block("await fetch('https://elsewhere.example/');", ' platform'),
          block("process.env.AUTH_SERVICE_API_KEY; // 'the-key'", ' network'),
        ],
        { platform: { origin, signIn: async () => 't0k', authServiceApiKey: 'the-key' } },
      );
      expect(result.errors).toEqual([
        'sdk/src/x.ts:10: throws when run: fetch https://elsewhere.example/: a platform example may only reach https://api.example.com',
      ]);
      expect(result).toMatchObject({ ran: 4, checked: 3 });
      expect(process.env.AUTH_SERVICE_API_KEY).toBeUndefined();
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it('gives a dom block a page, and takes it away after', async () => {
    const result = await run(
      block("document.body.append('hi');\ndocument.body.textContent; // 'hi'", ' dom'),
      block("typeof document; // 'undefined'"),
    );
    expect(result).toMatchObject({ errors: [], ran: 2, checked: 2 });
  });

  it('skips network and browser blocks without a server or a browser, and no-run blocks, with their reasons, and refuses unknown fence words', async () => {
    const result = await run(
      block('throw new Error("not run");', ' network'),
      block('throw new Error("not run");', ' browser'),
      block('throw 1;', ' no-run: needs a camera'),
      block('1;', ' fragment'),
    );
    expect(result.ran).toBe(0);
    expect(result.skipped).toEqual([
      { where: 'sdk/src/x.ts:10', reason: PLATFORM_REASON },
      { where: 'sdk/src/x.ts:10', reason: BROWSER_REASON },
      { where: 'sdk/src/x.ts:10', reason: 'needs a camera' },
    ]);
    expect(result.errors).toEqual([expect.stringContaining('unknown fence words "fragment"')]);
  });
});
