import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, setSettings } from '../test/helpers.js';

/** index.html with the app's settings filled in, from a built web app (a small one made here). */

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Bay Club</title>
    <meta name="description" content="Default description." />
    <link rel="icon" href="/icon.svg" />
    <link rel="manifest" href="/manifest.webmanifest" />
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/index-abc123.js"></script>
  </body>
</html>
`;

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bayclub-web-'));
fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
const t = await buildTestApp({ WEB_DIST: dist });

const page = async (url = '/') => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  return res.body;
};

describe('index.html', () => {
  it('carries the app name and description from the settings', async () => {
    await setSettings(t, { app_name: 'Sunset Club', app_description: 'Friends on the bay.' });
    const html = await page();
    expect(html).toContain('<title>Sunset Club</title>');
    expect(html).toContain('<meta name="description" content="Friends on the bay." />');
    expect(html).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
  });

  it("keeps $&, $' and $` in the name and description as they are, instead of splicing the page into itself", async () => {
    const name = "Club $& $' $` $$ $1 $<x>";
    const description = "Ours: $' and $` and $& & <b>\"quoted\"</b>";
    await setSettings(t, { app_name: name, app_description: description });
    for (const url of ['/', '/events', '/some/client/route']) {
      const html = await page(url);
      expect(html).toContain("<title>Club $&amp; $&#39; $` $$ $1 $&lt;x&gt;</title>");
      expect(html).toContain('<meta name="description" content="Ours: $&#39; and $` and $&amp; &amp; &lt;b&gt;&quot;quoted&quot;&lt;/b&gt;" />');
      // The page is the template with three tags filled in: nothing duplicated, nothing cut.
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/<html/g)).toHaveLength(1);
      expect(html.match(/<script/g)).toHaveLength(1);
      expect(html.endsWith('</html>\n')).toBe(true);
      expect(html.length).toBeLessThan(TEMPLATE.length + 300);
    }
  });

  it('an odd favicon URL stays inside its attribute', async () => {
    await setSettings(t, { app_name: 'Bay Club', favicon_url: '/media/app-assets/1-favicon.png?$&"x' });
    const html = await page();
    expect(html).toContain('<link rel="icon" href="/media/app-assets/1-favicon.png?$&amp;&quot;x" />');
  });
});
