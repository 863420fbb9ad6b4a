import { defineConfig, type Plugin } from 'vite';
import { writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

// The workspace packages (@matchkit/sdk, @matchkit/react) are resolved like any dependency:
// node_modules links to the workspace folders, whose package.json exports point at dist/. Build
// them first (`npm run build` at the root; `npm start` does it).

const HASHES = '__CSP_SCRIPT_HASHES__';
const CSP_META = /<meta\s+http-equiv="Content-Security-Policy"[^>]*>\s*/i;
const CHARSET_META = /<meta\s+charset=[^>]*>\s*/i;

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/**
 * Makes index.html's Content-Security-Policy meta tag exact for the page actually served: it
 * allows each inline script by its hash (in dev, the React Refresh preamble that
 * @vitejs/plugin-react injects; a production build has none) and moves the tag to the top of
 * <head>, just after <meta charset>, so that it governs every script, the injected ones too.
 */
function cspPlugin(): Plugin {
  return {
    name: 'matchkit:csp',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const csp = CSP_META.exec(html);
        if (csp === null) throw new Error('index.html has no Content-Security-Policy meta tag');
        const charset = CHARSET_META.exec(html);
        const rest = html.replace(CSP_META, '').replace(CHARSET_META, '');
        const inline = [...rest.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
          .filter(([, attrs = '', body = '']) => !/\bsrc\s*=/i.test(attrs) && body.trim() !== '')
          .map(([, , body = '']) => body);
        const hashes = [...new Set(await Promise.all(inline.map(sha256)))].join(' ');
        const meta = csp[0].trim().replace(` ${HASHES}`, hashes === '' ? '' : ` ${hashes}`);
        // <meta charset> first, then the policy, then everything else (injected scripts included).
        const top = [charset?.[0].trim(), meta].filter((t) => t !== undefined).join('\n    ');
        return rest.replace(/<head>\s*/i, (head) => `${head}${top}\n    `);
      },
    },
  };
}

const OUT_DIR = fileURLToPath(new URL('./dist/web', import.meta.url));
const REPO = fileURLToPath(new URL('..', import.meta.url));

/** One chunk of the build, as dist/web-chunks.json lists it. */
interface ChunkFacts {
  readonly file: string;
  readonly isEntry: boolean;
  readonly isDynamicEntry: boolean;
  /** The chunks it imports statically (preloaded with it) and with import(). */
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
  /** The modules whose code it holds, from the repository's root, largest first, with their size before minifying. */
  readonly modules: readonly (readonly [string, number])[];
}

/**
 * Writes which chunk holds which module to `<outDir>-chunks.json` (dist/web-chunks.json), beside the
 * web root, not in it (the server publishes nothing from it): the first-page browser test
 * (e2e/first-page.test.ts) checks from it that each route's page is a chunk of its own, and
 * docs/performance.md says what the first page's chunks hold from it.
 */
function chunkMap(): Plugin {
  let chunks: ChunkFacts[] = [];
  return {
    name: 'matchkit:chunk-map',
    apply: 'build',
    generateBundle(_options, bundle) {
      chunks = Object.values(bundle).flatMap((output) =>
        output.type !== 'chunk'
          ? []
          : [
              {
                file: output.fileName,
                isEntry: output.isEntry,
                isDynamicEntry: output.isDynamicEntry,
                imports: output.imports,
                dynamicImports: output.dynamicImports,
                modules: Object.entries(output.modules)
                  .filter(([, facts]) => facts.renderedLength > 0)
                  .map(([id, facts]) => [relative(REPO, id).split(sep).join('/'), facts.renderedLength] as const)
                  .sort((x, y) => y[1] - x[1]),
              },
            ],
      );
    },
    async writeBundle(options) {
      const outDir = options.dir ?? OUT_DIR;
      await writeFile(join(dirname(outDir), `${basename(outDir)}-chunks.json`), `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}

/**
 * A web feature's index.ts (what other features may use, eslint.config.js) only re-exports: marked
 * free of side effects, so that importing one name from it links only the module that defines it.
 * Otherwise every module it re-exports would be a static dependency of the importer, and a page's
 * code (a members-only guard and the query client under it) would be drawn into the entry chunk by a
 * component of the shell that imports one hook of the same feature.
 */
function featureIndexesWithoutSideEffects(): Plugin {
  return {
    name: 'matchkit:feature-indexes',
    transform(code, id) {
      return /[\\/]web[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

/**
 * The installable app (docs/app.md): a web manifest and the offline worker `/offline-worker.js`
 * (Workbox's generateSW: it precaches the shell, index.html and the hashed assets, and answers a
 * navigation offline with the cached index.html). The app registers the worker itself, only in
 * standalone display mode (web/src/features/pwa), so no registration script is injected. One
 * build serves both brands: this manifest is neutral, and the server answers
 * /manifest.webmanifest with the brand it serves (name, colours) before the static file. The
 * worker imports /push-worker.js (web/public): web push's notification and its click.
 */
const pwa = VitePWA({
  filename: 'offline-worker.js',
  strategies: 'generateSW',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['icons/*.png'],
  manifest: {
    id: '/',
    name: 'Matched betting tools',
    short_name: 'Matched betting',
    description: 'Matched betting offers, guides and tools. 18+ only.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#11141b',
    theme_color: '#1f3a8a',
    lang: 'en-GB',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
    // The password strength estimator (about 850 KB gzipped of dictionaries) is fetched only by the
    // pages that set a password, all of which need the server anyway: never precached.
    globIgnores: ['**/password-strength-*.js'],
    navigateFallback: '/index.html',
    // Server paths are never answered from the cache.
    navigateFallbackDenylist: [/^\/api\//, /^\/graphql/, /^\/dev\//, /^\/pay\//, /^\/healthz/, /^\/readyz/, /^\/metrics/],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    // Web push's push and notificationclick handlers (web/public/push-worker.js).
    importScripts: ['/push-worker.js'],
  },
});

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  build: { outDir: OUT_DIR, emptyOutDir: true },
  plugins: [react(), tailwindcss(), cspPlugin(), featureIndexesWithoutSideEffects(), pwa, chunkMap()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
