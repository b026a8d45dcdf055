import { describe, expect, it } from 'vitest';
import { cleanText, decodeBody, decodeEntities, htmlMediaType, summarizeHtml } from './parse.js';

const limits = { titleMax: 200, descriptionMax: 300 };
const summarize = (html: string, url = 'https://www.example.com/a/b') => summarizeHtml(html, url, limits);

describe('summarizeHtml', () => {
  it('prefers Open Graph, then Twitter, then <title> and meta description', () => {
    const html = `<!doctype html><html><head>
      <title>Plain title</title>
      <meta name="description" content="Plain description">
      <meta property="og:title" content="OG title">
      <meta name="twitter:title" content="Twitter title">
      <meta property="og:description" content='OG description'>
      <meta property="og:site_name" content="Example Site">
    </head><body>hi</body></html>`;
    expect(summarize(html)).toEqual({ title: 'OG title', description: 'OG description', siteName: 'Example Site' });
    expect(summarize('<title>Only &amp; title</title><meta name=twitter:title content="Tw">')).toMatchObject({ title: 'Tw' });
    expect(summarize('<TITLE lang=en>Only title</TITLE><META NAME="Description" CONTENT="Desc">')).toEqual({
      title: 'Only title',
      description: 'Desc',
      siteName: 'example.com',
    });
  });

  it('falls back to the host without www. for the site name, and past values that clean to nothing', () => {
    expect(summarize('<meta property="og:title" content="&nbsp;  "><title>Real</title>', 'http://WWW.Shop.Example.org:8080/x')).toEqual({
      title: 'Real',
      description: null,
      siteName: 'shop.example.org',
    });
  });

  it('decodes entities and collapses whitespace in titles and attribute values', () => {
    const html = `<title>
        Fish &amp; Chips &#8212; caf&eacute;   &#x1F600; &quot;quoted&quot;
      </title><meta name="description" content="a&nbsp;b&lt;c&gt;  d &unknown; &amp;lt; &#150;">`;
    expect(summarize(html)).toMatchObject({
      title: 'Fish & Chips — café 😀 "quoted"',
      description: 'a b<c> d &unknown; &lt; –',
    });
  });

  it('ignores <title> and <meta> inside scripts, styles, comments, noscript, templates and SVG', () => {
    const html = `<head>
      <script>document.write('<title>from script</title><meta property="og:title" content="script og">')</script>
      <style>/* <title>from style</title> */</style>
      <!-- <title>from comment</title> <meta property="og:description" content="comment og"> -->
      <noscript><meta property="og:title" content="noscript og"></noscript>
      <template><title>from template</title></template>
      <svg><title>icon</title></svg>
      <title>Real title</title>
      <meta property="og:description" content="Real description">
    </head>`;
    expect(summarize(html)).toMatchObject({ title: 'Real title', description: 'Real description' });
  });

  it('never returns markup: tags inside values are dropped, and quoted ">" does not end a tag', () => {
    const html = `<meta property="og:title" content="<b>Bold</b> <script>alert(1)</script>move"><meta name="description" content="a > b" data-x='>'>`;
    expect(summarize(html)).toMatchObject({ title: 'Bold alert(1) move', description: 'a > b' });
  });

  it('strips control, zero-width and bidi-override characters', () => {
    expect(summarize('<title>a\u0000b\u0007c\u200Bd\u202Ee\uFEFFf\u0085g</title>')).toMatchObject({ title: 'abcdefg' });
  });

  it('truncates long values to the limits, by characters', () => {
    const long = 'word '.repeat(200);
    const emoji = '😀'.repeat(250);
    const s = summarize(`<title>${emoji}</title><meta name="description" content="${long}">`);
    expect(Array.from(s.title!)).toHaveLength(200);
    expect(s.title!.endsWith('…')).toBe(true);
    expect(s.title!.slice(0, -1)).toBe('😀'.repeat(199)); // no surrogate pair split
    expect(Array.from(s.description!).length).toBeLessThanOrEqual(300);
    expect(s.description!.endsWith('…')).toBe(true);
  });

  it('returns nothing useful for a page without title or description', () => {
    expect(summarize('<html><body><p>Hello</p></body></html>')).toEqual({ title: null, description: null, siteName: 'example.com' });
  });

  it('copes with broken markup: unterminated title, tag or quote', () => {
    expect(summarize('<meta property="og:title" content="Kept"><title>never closed')).toMatchObject({ title: 'Kept' });
    expect(summarize('<meta property="og:title" content="never closed')).toMatchObject({ title: 'never closed' });
    expect(summarize('<meta property=og:title content=Unquoted><<<>>><')).toMatchObject({ title: 'Unquoted' });
  });

  it('stays fast on hostile input', () => {
    const started = Date.now();
    for (const html of ['<meta a'.repeat(80_000), '<meta content="'.repeat(30_000), '<title>'.repeat(70_000), '<!--'.repeat(100_000), '&#'.repeat(200_000)]) {
      summarize(html);
    }
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('text helpers', () => {
  it('decodes numeric and named entities in one pass', () => {
    expect(decodeEntities('&amp;amp; &#65;&#x42;&#67 &#0; &#xD800; &#x110000; &copy;&reg;&trade;&hellip;&Eacute;&yuml;')).toBe(
      '&amp; ABC \ufffd \ufffd \ufffd ©®™…Éÿ',
    );
  });

  it('cleanText returns null for empty text', () => {
    expect(cleanText('  \n\t ', 10)).toBeNull();
    expect(cleanText(undefined, 10)).toBeNull();
    expect(cleanText('abcdefghijk', 5)).toBe('abcd…');
  });

  it('recognizes only HTML media types', () => {
    expect(htmlMediaType('text/html; charset=utf-8')).toBe('text/html');
    expect(htmlMediaType('Application/XHTML+XML')).toBe('application/xhtml+xml');
    for (const t of ['image/png', 'application/json', 'text/plain', 'text/htmlx', null]) expect(htmlMediaType(t)).toBeNull();
  });

  it('decodes the body by the header charset, a meta charset, or UTF-8', () => {
    const latin1 = Buffer.from('<title>caf\xe9</title>', 'latin1');
    expect(decodeBody(latin1, 'text/html; charset=ISO-8859-1')).toBe('<title>café</title>');
    expect(decodeBody(Buffer.concat([Buffer.from('<meta charset="windows-1252">'), latin1]), 'text/html')).toContain('café');
    expect(decodeBody(Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><title>\xe9</title>', 'latin1'), 'text/html')).toContain('é');
    expect(decodeBody(Buffer.from('<title>café</title>'), 'text/html')).toBe('<title>café</title>');
    expect(decodeBody(Buffer.from('<title>café</title>'), 'text/html; charset=no-such-charset')).toBe('<title>café</title>');
  });
});
