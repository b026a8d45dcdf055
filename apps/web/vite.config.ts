import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { buildSummary } from './build-summary.ts';
import { compiledCatalogs } from './catalogs.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

// The shared package's modules that define zod schemas. They go into one chunk with zod, which only forms load:
// the package's barrel makes them reachable from the entry, and left to itself the bundler puts some of them in
// chunks the first screen loads.
const sharedSrc = fileURLToPath(new URL('../../packages/shared/src', import.meta.url));
const schemaModules = new Set(
  fs
    .readdirSync(sharedSrc)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(sharedSrc, f))
    .filter((file) => /from 'zod'/.test(fs.readFileSync(file, 'utf8'))),
);
const isContract = (id: string) => schemaModules.has(id) || /[\\/]node_modules[\\/]zod[\\/]/.test(id);
/**
 * The rest of the shared package (limits, access rules, messages): small, and the first screen needs some of it.
 * Not its Spanish texts (locales/es.json): a chunk of their own, fetched by a Spanish page only.
 */
const isSharedConstant = (id: string) => id.startsWith(sharedSrc) && !schemaModules.has(id) && !id.includes(`${path.sep}locales${path.sep}`);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every script, stylesheet and SVG of the build; the server
 * sends them to browsers that accept them (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompress(): Plugin {
  return {
    name: 'bayclub:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir!;
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|svg)$/.test(file.fileName)) continue;
        const body = Buffer.from(file.type === 'chunk' ? file.code : file.source);
        if (body.length < 1024) continue;
        const target = path.join(dir, file.fileName);
        fs.writeFileSync(`${target}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${target}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * The service worker's own build (vite-plugin-pwa runs a second vite build): quiet unless something fails, and
 * with the one-file output said the way rolldown wants it (the plugin's `inlineDynamicImports` is deprecated there
 * and printed a warning on every build).
 */
const quietServiceWorkerBuild: Plugin = {
  name: 'bayclub:quiet-sw-build',
  config(config) {
    const output = config.build?.rollupOptions?.output;
    if (output && !Array.isArray(output) && 'inlineDynamicImports' in output) {
      delete output.inlineDynamicImports;
      Object.assign(output, { codeSplitting: false });
    }
    return { logLevel: 'error' };
  },
};

// Names the shape of what the device keeps (lib/offline/persister.ts): a hash of the files that decide it, the
// shared package (every answer's shape), the features' api.ts (query keys and how pages are cached) and the persister
// itself. A cache written against another shape is never read back, so a changed answer cannot meet old copies; a
// deploy that changes none of them keeps the member's ticket and inbox offline (a hash of the whole build, or its
// time, would drop them on every deploy).
const webSrc = fileURLToPath(new URL('./src', import.meta.url));
const shapeFiles = [
  ...fs.readdirSync(sharedSrc).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => path.join(sharedSrc, f)),
  ...fs
    .readdirSync(path.join(webSrc, 'features'))
    .map((feature) => path.join(webSrc, 'features', feature, 'api.ts'))
    .filter((file) => fs.existsSync(file)),
  path.join(webSrc, 'lib/offline/persister.ts'),
].sort();
const cacheShapeId = crypto
  .createHash('sha256')
  .update(shapeFiles.map((file) => `${path.relative(webSrc, file)}\n${fs.readFileSync(file, 'utf8')}`).join('\n'))
  .digest('base64url')
  .slice(0, 12);

export default defineConfig(({ command }) => ({
  define: { 'import.meta.env.VITE_CACHE_SHAPE': JSON.stringify(cacheShapeId) },
  // `npm start` prints buildSummary()'s few lines instead of a line per chunk; warnings still show.
  // `-- --logLevel info` on the command line brings the full list back.
  logLevel: command === 'build' ? 'warn' : 'info',
  plugins: [
    compiledCatalogs(),
    react(),
    tailwindcss(),
    precompress(),
    buildSummary(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'autoUpdate',
      // The server builds /manifest.webmanifest from app settings; main.tsx registers /sw.js
      // itself because the CSP forbids the inline script the plugin would inject.
      manifest: false,
      injectRegister: null,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        // The app shell only (decision 011): index.html, what it loads (entry, stylesheet) and the icons. Pages'
        // and dialogs' code is cached as it is used (sw.ts): precaching all of it right after the first page
        // loaded took every connection for a while, and the member's first requests queued behind it.
        buildPlugins: { vite: [quietServiceWorkerBuild] },
        manifestTransforms: [
          (entries) => {
            const html = fs.readFileSync(fileURLToPath(new URL('./dist/index.html', import.meta.url)), 'utf8');
            const shell = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]));
            return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url)), warnings: [] };
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: { '#': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
      '/manifest.webmanifest': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'shared', test: isSharedConstant, priority: 4 },
            { name: 'contracts', test: isContract, priority: 3 },
            { name: 'app', tags: ['$initial' as const], priority: 2 },
          ],
        },
      },
    },
  },
}));
