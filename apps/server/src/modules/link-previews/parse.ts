/**
 * Title, description and site name from a fetched HTML page, as plain text. A small linear scanner
 * rather than an HTML library: we only need <title> and <meta> tags, the input is hostile, and a
 * single pass over at most LIMITS.linkPreviewMaxBytes cannot be made slow by crafted markup.
 */

export interface PageSummary {
  title: string | null;
  description: string | null;
  siteName: string | null;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** The media type of a Content-Type header when it is one we parse, else null. */
export function htmlMediaType(contentType: string | null): string | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return HTML_TYPES.has(type) ? type : null;
}

// ---------------------------------------------------------------------------------------------
// Bytes to text

const CHARSET = /charset\s*=\s*["']?\s*([\w.:-]+)/i;

/** Decode the body by the header's charset, else a <meta charset> near the top, else UTF-8. */
export function decodeBody(body: Buffer, contentType: string | null): string {
  const declared = CHARSET.exec(contentType ?? '')?.[1] ?? sniffMetaCharset(body);
  for (const label of [declared, 'utf-8']) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // an unknown label: fall back to UTF-8
    }
  }
  return body.toString('utf8');
}

function sniffMetaCharset(body: Buffer): string | undefined {
  // Browsers prescan the first 1024 bytes; a little more tolerates long <head> preambles.
  const head = body.subarray(0, 4096).toString('latin1');
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const found = CHARSET.exec(tag)?.[1];
    if (found) return found;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Entities

/** Latin-1 entity names in code point order from U+00A0. */
const LATIN1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';

const NAMED: Record<string, number> = {
  amp: 38, lt: 60, gt: 62, quot: 34, apos: 39,
  OElig: 338, oelig: 339, Scaron: 352, scaron: 353, Yuml: 376, fnof: 402, circ: 710, tilde: 732,
  ensp: 8194, emsp: 8195, thinsp: 8201, zwnj: 8204, zwj: 8205, lrm: 8206, rlm: 8207,
  ndash: 8211, mdash: 8212, lsquo: 8216, rsquo: 8217, sbquo: 8218, ldquo: 8220, rdquo: 8221, bdquo: 8222,
  dagger: 8224, Dagger: 8225, bull: 8226, hellip: 8230, permil: 8240, prime: 8242, Prime: 8243,
  lsaquo: 8249, rsaquo: 8250, euro: 8364, trade: 8482, larr: 8592, uarr: 8593, rarr: 8594, darr: 8595,
  harr: 8596, minus: 8722, le: 8804, ge: 8805, ne: 8800, infin: 8734, hearts: 9829, star: 9734,
  ...Object.fromEntries(LATIN1.split(' ').map((name, i) => [name, 0xa0 + i])),
};

/** What browsers show for the C1 numeric references &#128;-&#159; (windows-1252). */
const WINDOWS_1252: Record<number, number> = {
  0x80: 0x20ac, 0x82: 0x201a, 0x83: 0x0192, 0x84: 0x201e, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021,
  0x88: 0x02c6, 0x89: 0x2030, 0x8a: 0x0160, 0x8b: 0x2039, 0x8c: 0x0152, 0x8e: 0x017d, 0x91: 0x2018,
  0x92: 0x2019, 0x93: 0x201c, 0x94: 0x201d, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02dc,
  0x99: 0x2122, 0x9a: 0x0161, 0x9b: 0x203a, 0x9c: 0x0153, 0x9e: 0x017e, 0x9f: 0x0178,
};

function fromCodePoint(cp: number): string {
  const mapped = WINDOWS_1252[cp] ?? cp;
  if (mapped === 0 || mapped > 0x10ffff || (mapped >= 0xd800 && mapped <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(mapped);
}

/** Decode numeric references and the common named ones, in one pass (so "&amp;lt;" stays "&lt;"). */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:#[xX]([0-9a-fA-F]{1,8});?|#([0-9]{1,9});?|([A-Za-z][A-Za-z0-9]{1,31});)/g, (whole, hex?: string, dec?: string, name?: string) => {
    if (hex !== undefined) return fromCodePoint(parseInt(hex, 16));
    if (dec !== undefined) return fromCodePoint(parseInt(dec, 10));
    const cp = NAMED[name!];
    return cp === undefined ? whole : String.fromCodePoint(cp);
  });
}

// ---------------------------------------------------------------------------------------------
// Text clean-up

/** Control, zero-width and bidirectional-override characters: invisible, or able to reorder what surrounds the card. */
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** Plain text from a title or meta value: no tags, entities decoded, whitespace collapsed, at most `max` characters. */
export function cleanText(raw: string | null | undefined, max: number): string | null {
  if (!raw) return null;
  const text = decodeEntities(raw.replace(/<\/?[A-Za-z][^<>]*>/g, ' '))
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  const chars = Array.from(text); // code points, so a cut never splits a surrogate pair
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

// ---------------------------------------------------------------------------------------------
// Scanner

/** Elements whose content is not markup we want (or is raw text): skipped whole, so their <title> or <meta> never count. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes', 'svg', 'math']);
const TAG_NAME = /[A-Za-z][^\s/>]*/y;

/** Attributes of a start tag from `from` (just after its name) to its '>'; `end` is the index after the tag. */
function readAttributes(html: string, from: number): { attrs: Map<string, string>; end: number; selfClosing: boolean } {
  const attrs = new Map<string, string>();
  const n = html.length;
  let i = from;
  let selfClosing = false;
  while (i < n) {
    const c = html[i]!;
    if (c === '>') return { attrs, end: i + 1, selfClosing };
    if (c === '/' || /\s/.test(c)) {
      selfClosing = c === '/';
      i++;
      continue;
    }
    selfClosing = false;
    let j = i;
    while (j < n && !/[\s/>=]/.test(html[j]!)) j++;
    const name = html.slice(i, Math.max(j, i + 1)).toLowerCase();
    i = Math.max(j, i + 1);
    while (i < n && /\s/.test(html[i]!)) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < n && /\s/.test(html[i]!)) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        const stop = close === -1 ? n : close;
        value = html.slice(i + 1, stop);
        i = stop + 1;
      } else {
        let k = i;
        while (k < n && !/[\s>]/.test(html[k]!)) k++;
        value = html.slice(i, k);
        i = k;
      }
    }
    if (!attrs.has(name)) attrs.set(name, value);
  }
  return { attrs, end: n, selfClosing };
}

interface RawPage {
  title: string | null;
  meta: Map<string, string>;
}

/** The first <title> and the first content of each <meta property|name>, outside skipped elements and comments. */
function scan(html: string): RawPage {
  const meta = new Map<string, string>();
  let title: string | null = null;
  const n = html.length;
  let i = 0;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      if (end === -1) break;
      i = end + 3;
      continue;
    }
    const next = html[lt + 1];
    if (next === '!' || next === '?' || next === '/') {
      const end = html.indexOf('>', lt);
      if (end === -1) break;
      i = end + 1;
      continue;
    }
    TAG_NAME.lastIndex = lt + 1;
    const name = TAG_NAME.exec(html)?.[0].toLowerCase();
    if (!name) {
      i = lt + 1;
      continue;
    }
    const { attrs, end, selfClosing } = readAttributes(html, lt + 1 + name.length);
    i = end;
    if (name === 'meta') {
      const key = (attrs.get('property') || attrs.get('name') || '').trim().toLowerCase();
      const content = attrs.get('content');
      if (key && content?.trim() && !meta.has(key)) meta.set(key, content);
    } else if ((name === 'title' || SKIPPED.has(name)) && !selfClosing) {
      const close = new RegExp(`</${name}(?=[\\s/>])`, 'gi');
      close.lastIndex = end;
      const found = close.exec(html);
      if (!found) break; // unterminated: the rest of the page is its content
      if (name === 'title' && title === null) title = html.slice(end, found.index);
      i = found.index;
    }
  }
  return { title, meta };
}

/** Summarize an HTML page; `pageUrl` (after redirects) names the site when the page does not. */
export function summarizeHtml(html: string, pageUrl: string, limits: { titleMax: number; descriptionMax: number }): PageSummary {
  const { title, meta } = scan(html);
  // The first candidate that is still text after clean-up wins (an og:title of "&nbsp;" falls through to <title>).
  const first = (max: number, ...candidates: (string | null | undefined)[]) =>
    candidates.reduce<string | null>((found, raw) => found ?? cleanText(raw, max), null);
  let host: string | null = null;
  try {
    host = new URL(pageUrl).hostname.replace(/^www\./i, '') || null;
  } catch {
    host = null;
  }
  return {
    title: first(limits.titleMax, meta.get('og:title'), meta.get('twitter:title'), title),
    description: first(limits.descriptionMax, meta.get('og:description'), meta.get('twitter:description'), meta.get('description')),
    siteName: first(limits.titleMax, meta.get('og:site_name')) ?? host,
  };
}
