import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context.js';
import { errorBody, PLATFORM_ERRORS } from './errors.js';
import { negotiateLocale } from '@bayclub/shared';
import { translateShared, translatorFor } from './i18n.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const DEFAULT_ICON = '/icon.svg';

/**
 * Serves the built web app on the API's port: static assets, /sw.js, the dynamic web manifest and
 * index.html with title, description and icon from app settings (no inline script, so the CSP holds).
 */
export const webRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const dist = ctx.config.WEB_DIST;
    const indexFile = path.join(dist, 'index.html');
    const hasDist = fs.existsSync(indexFile);
    const template = hasDist ? fs.readFileSync(indexFile, 'utf8') : null;

    app.get('/manifest.webmanifest', async (request, reply) => {
      const s = await ctx.settings.publicSettings();
      const icon = s.favicon_url || s.fallback_favicon_url || DEFAULT_ICON;
      const name = s.app_name ?? 'Bay Club';
      // In the browser's language (issue 26): the club's name and description are the admin's words, except the
      // default description, which is ours.
      const locale = negotiateLocale(request.headers['accept-language']);
      const t = translatorFor(locale);
      reply.type('application/manifest+json').header('cache-control', 'no-cache').header('vary', 'Accept-Language');
      return {
        name,
        short_name: name.slice(0, 12),
        description: translateShared(locale, s.app_description ?? ''),
        lang: locale,
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#0b1220',
        theme_color: '#0b1220',
        icons: [
          { src: icon, sizes: 'any', type: icon.endsWith('.svg') ? 'image/svg+xml' : 'image/png', purpose: 'any' },
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          // Android crops home-screen icons to its own shape: this one keeps the picture inside the safe zone.
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // A long press on the installed app's icon (Android, Windows, macOS) opens these directly.
        shortcuts: [
          { name: t('platform.manifest.messages'), url: '/inbox', icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: t('platform.manifest.events'), url: '/events', icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          {
            name: t('platform.manifest.checkIn'),
            short_name: t('platform.manifest.checkIn'),
            url: '/locations',
            icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
        // The richer install sheet (Android, desktop Chrome) shows these like an app store card: narrow on phones,
        // wide on computers. Drawn from the demo data by scripts/make-screenshots.mjs.
        screenshots: [
          { src: '/screenshots/community-phone.webp', sizes: '780x1688', type: 'image/webp', form_factor: 'narrow', label: t('platform.manifest.homeScreenshot') },
          { src: '/screenshots/events-phone.webp', sizes: '780x1688', type: 'image/webp', form_factor: 'narrow', label: t('platform.manifest.eventsScreenshot') },
          { src: '/screenshots/events-desktop.webp', sizes: '1280x800', type: 'image/webp', form_factor: 'wide', label: t('platform.manifest.eventsScreenshot') },
        ],
      };
    });

    async function renderIndex() {
      const s = await ctx.settings.publicSettings();
      const title = escapeHtml(s.app_name ?? 'Bay Club');
      const description = escapeHtml(s.app_description ?? '');
      const icon = escapeHtml(s.favicon_url || s.fallback_favicon_url || DEFAULT_ICON);
      // Replacement functions, not strings: in a replacement string `$&`, `$'` and `` $` `` in a setting would splice
      // parts of the page into it.
      return template!
        .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
        .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${description}" />`)
        .replace(/<link rel="icon"[^>]*>/, () => `<link rel="icon" href="${icon}" />`);
    }

    if (!hasDist) {
      app.get('/', async (_request, reply) =>
        reply.type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).'),
      );
      return;
    }

    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      wildcard: false,
      // The build writes .br and .gz copies of scripts and stylesheets (apps/web/vite.config.ts): sent to browsers
      // that accept them, about a quarter of the bytes, with no compression work per request (decision 011).
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed asset names never change; everything else (sw.js, index.html) is revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });

    // Every other GET that is not an API call or a file is a client-side route: serve the app shell.
    app.get('/*', async (request, reply) => {
      const urlPath = decodeURIComponent(request.url.split('?')[0]!);
      if (urlPath.startsWith('/api/')) return reply.status(404).send(errorBody('NOT_FOUND', PLATFORM_ERRORS.notFound));
      const candidate = path.join(dist, path.normalize(urlPath));
      if (candidate.startsWith(dist + path.sep) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
        return reply.sendFile(path.relative(dist, candidate));
      }
      return reply.type('text/html').header('cache-control', 'no-cache').send(await renderIndex());
    });
    app.get('/', async (_request, reply) =>
      reply.type('text/html').header('cache-control', 'no-cache').send(await renderIndex()),
    );
  };
