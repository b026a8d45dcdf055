import { escapeRegExp } from '@bayclub/shared';

/**
 * `text` cut into pieces, each marked when it is one of `terms` (case-insensitive, longest term first so "sunset"
 * wins over "sun"). Pure text: nothing is ever read as HTML.
 */
export function highlightParts(text: string, terms: string[]): Array<{ text: string; match: boolean }> {
  const wanted = [...new Set(terms.map((t) => t.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!wanted.length || !text) return text ? [{ text, match: false }] : [];
  const re = new RegExp(`(${wanted.map(escapeRegExp).join('|')})`, 'giu');
  const parts: Array<{ text: string; match: boolean }> = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index), match: false });
    parts.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/** Text with the matched terms marked (<mark>), rendered as text. */
export function Highlight({ text, terms }: { text: string; terms: string[] }) {
  return (
    <>
      {highlightParts(text, terms).map((p, i) =>
        p.match ? (
          <mark key={i} className="rounded-sm bg-primary/25 px-0.5 text-inherit">
            {p.text}
          </mark>
        ) : (
          p.text
        ),
      )}
    </>
  );
}
