import * as React from 'react';
import { Link } from 'react-router';
import { Lexer, type Token, type Tokens } from 'marked';
import { cn } from '#/lib/utils';
import { t as translate, useT } from '#/lib/i18n';
import { catalog } from './i18n';

/**
 * Markdown to React elements, for the legal pages (issue 24). `marked` only tokenises; every token becomes a React
 * element or plain text here, so no HTML from the text ever reaches the DOM: raw HTML (`<script>`, `<img onerror>`)
 * shows as the text it is, links go only to http(s), mailto or a path of this site (anything else, `javascript:`
 * included, stays plain text), and images show their description instead of loading anything.
 * Loaded on demand: the legal pages' chunk and the admin preview are the only ones that carry `marked`.
 */
export function MarkdownView({ markdown, className }: { markdown: string; className?: string }) {
  // Its one text of its own (a table's name) is read with `translate` while rendering below; this loads it and follows the language.
  useT(catalog);
  const tokens = React.useMemo(() => Lexer.lex(markdown, { gfm: true, breaks: false }), [markdown]);
  // data-markdown: the club's own text (an admin's, or the built-in one), for the tests that tell our words from it.
  return (
    <div data-markdown className={cn('grid gap-4 leading-relaxed break-words', className)}>
      {blocks(tokens)}
    </div>
  );
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The character references Markdown text may hold (the lexer leaves them for an HTML renderer); the rest as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
  });
}

export type SafeHref = { kind: 'internal' | 'external'; href: string } | null;

/** Only http(s), mailto and this site's own paths ("/x", never "//host" or "/\host") become links. */
export function safeHref(raw: string): SafeHref {
  const href = decodeEntities(raw).trim();
  if (/[\u0000-\u001f]/.test(href)) return null;
  if (/^\/(?![/\\])/.test(href)) return { kind: 'internal', href };
  if (/^(https?:\/\/|mailto:)[^\s]/i.test(href)) return { kind: 'external', href };
  return null;
}

const HEADINGS = ['h2', 'h2', 'h3', 'h4', 'h4', 'h4'] as const;
const HEADING_CLASS = {
  h2: 'mt-4 text-xl font-semibold tracking-tight',
  h3: 'mt-2 text-lg font-semibold',
  h4: 'mt-1 text-base font-semibold',
} as const;
const LINK_CLASS = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

function blocks(tokens: Token[]): React.ReactNode[] {
  return tokens.map((token, i) => block(token, i));
}

function block(token: Token, key: number): React.ReactNode {
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'heading': {
      const t = token as Tokens.Heading;
      // The page's title is its one h1: the text's own headings start one level below.
      const Tag = HEADINGS[Math.min(t.depth, 6) - 1]!;
      return (
        <Tag key={key} className={HEADING_CLASS[Tag]}>
          {inline(t.tokens)}
        </Tag>
      );
    }
    case 'paragraph':
      return <p key={key}>{inline((token as Tokens.Paragraph).tokens)}</p>;
    case 'text': {
      const t = token as Tokens.Text;
      return <p key={key}>{t.tokens ? inline(t.tokens) : decodeEntities(t.text)}</p>;
    }
    case 'list': {
      const t = token as Tokens.List;
      const items = t.items.map((item, i) => (
        <li key={i} className="pl-1">
          {item.task && <span aria-hidden="true">{item.checked ? '☑ ' : '☐ '}</span>}
          {listItem(item)}
        </li>
      ));
      return t.ordered ? (
        <ol key={key} start={typeof t.start === 'number' && t.start !== 1 ? t.start : undefined} className="grid list-decimal gap-1 pl-6">
          {items}
        </ol>
      ) : (
        <ul key={key} className="grid list-disc gap-1 pl-6">
          {items}
        </ul>
      );
    }
    case 'blockquote':
      return (
        <blockquote key={key} className="grid gap-2 border-l-4 border-border pl-4 text-muted-foreground">
          {blocks((token as Tokens.Blockquote).tokens)}
        </blockquote>
      );
    case 'code':
      return (
        <pre key={key} className="overflow-x-auto rounded-md bg-muted p-3 text-sm">
          <code>{(token as Tokens.Code).text}</code>
        </pre>
      );
    case 'hr':
      return <hr key={key} className="border-border" />;
    case 'table':
      return table(token as Tokens.Table, key);
    case 'html':
      // Raw HTML is shown as the text it is, never interpreted.
      return (
        <p key={key} className="whitespace-pre-wrap">
          {(token as Tokens.HTML).text}
        </p>
      );
    default:
      return (
        <p key={key} className="whitespace-pre-wrap">
          {token.raw}
        </p>
      );
  }
}

/** A tight list's item holds text tokens (shown inline); a loose list's holds paragraphs. */
function listItem(item: Tokens.ListItem): React.ReactNode {
  const tight = item.tokens.every((t) => t.type === 'text' || t.type === 'space' || t.type === 'checkbox');
  if (!tight) return <div className="grid gap-2">{blocks(item.tokens.filter((t) => t.type !== 'checkbox'))}</div>;
  return item.tokens.map((t, i) => {
    if (t.type !== 'text') return null;
    const text = t as Tokens.Text;
    return <React.Fragment key={i}>{text.tokens ? inline(text.tokens) : decodeEntities(text.text)}</React.Fragment>;
  });
}

function table(t: Tokens.Table, key: number): React.ReactNode {
  const align = (i: number) => (t.align[i] === 'center' ? 'text-center' : t.align[i] === 'right' ? 'text-right' : 'text-left');
  return (
    <div key={key} className="overflow-x-auto rounded-md border" role="region" aria-label={translate('legal.markdown.table')} tabIndex={0}>
      <table className="w-full min-w-[32rem] border-collapse text-sm">
        <thead className="bg-muted/60">
          <tr>
            {t.header.map((cell, i) => (
              <th key={i} scope="col" className={cn('border-b px-3 py-2 align-top font-semibold', align(i))}>
                {inline(cell.tokens)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {t.rows.map((row, r) => (
            <tr key={r} className="border-b last:border-b-0">
              {row.map((cell, i) => (
                <td key={i} className={cn('px-3 py-2 align-top', align(i))}>
                  {inline(cell.tokens)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function inline(tokens: Token[] | undefined): React.ReactNode[] {
  return (tokens ?? []).map((token, i) => inlineToken(token, i));
}

function inlineToken(token: Token, key: number): React.ReactNode {
  switch (token.type) {
    case 'text': {
      const t = token as Tokens.Text;
      return t.tokens ? <React.Fragment key={key}>{inline(t.tokens)}</React.Fragment> : decodeEntities(t.text);
    }
    case 'escape':
      return (token as Tokens.Escape).text;
    case 'strong':
      return <strong key={key}>{inline((token as Tokens.Strong).tokens)}</strong>;
    case 'em':
      return <em key={key}>{inline((token as Tokens.Em).tokens)}</em>;
    case 'del':
      return <del key={key}>{inline((token as Tokens.Del).tokens)}</del>;
    case 'codespan':
      return (
        <code key={key} className="rounded bg-muted px-1 py-0.5 text-[0.9em]">
          {(token as Tokens.Codespan).text}
        </code>
      );
    case 'br':
      return <br key={key} />;
    case 'link': {
      const t = token as Tokens.Link;
      const target = safeHref(t.href);
      const children = inline(t.tokens);
      if (!target) return <React.Fragment key={key}>{children}</React.Fragment>;
      return target.kind === 'internal' ? (
        <Link key={key} to={target.href} className={LINK_CLASS}>
          {children}
        </Link>
      ) : (
        <a
          key={key}
          href={target.href}
          rel="noopener noreferrer"
          target={target.href.toLowerCase().startsWith('mailto:') ? undefined : '_blank'}
          className={LINK_CLASS}
        >
          {children}
        </a>
      );
    }
    case 'image':
      // Nothing is loaded from the text: the picture's description stands in for it.
      return (token as Tokens.Image).text;
    case 'html':
      return (token as Tokens.Tag).text;
    case 'checkbox':
      return null;
    default:
      return token.raw;
  }
}
