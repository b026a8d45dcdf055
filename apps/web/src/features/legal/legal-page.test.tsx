import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, json, mockApi, never, renderApp, renderInProviders } from '#/test/render-app';
import { MarkdownView, safeHref } from './markdown';

const TERMS = [
  '## Membership',
  '',
  'Be **kind**, see the [Privacy Policy](/privacy-policy) and [Stripe](https://stripe.com/privacy) or [mail us](mailto:club@example.com).',
  '',
  '- one',
  '- two &amp; three',
  '',
  '| What | Why |',
  '| --- | --- |',
  '| Email | sign in |',
].join('\n');

const view = (markdown: string, updatedAt = '2026-03-05T12:00:00.000Z') => ({ document: 'terms-of-service', markdown, updatedAt });

describe('the legal pages', () => {
  it('render the Markdown: headings, lists, tables and links, with the date of the last change', async () => {
    mockApi({ 'GET /api/legal/terms-of-service': () => json(view(TERMS)) });
    renderApp('/terms-of-service');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Membership' })).toBeInTheDocument();
    expect(screen.getByText('Last updated Mar 5, 2026')).toBeInTheDocument();
    const page = within(screen.getByRole('article'));
    expect(page.getByText('kind').tagName).toBe('STRONG');
    const internal = page.getByRole('link', { name: 'Privacy Policy' });
    expect(internal).toHaveAttribute('href', '/privacy-policy');
    const external = page.getByRole('link', { name: 'Stripe' });
    expect(external).toHaveAttribute('href', 'https://stripe.com/privacy');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(page.getByRole('link', { name: 'mail us' })).toHaveAttribute('href', 'mailto:club@example.com');
    expect(page.getByText('two & three')).toBeInTheDocument();
    const table = page.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Why' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Email' })).toBeInTheDocument();
  });

  it('neutralise HTML and javascript: links: they show as text, nothing runs', async () => {
    const hostile = [
      '<script>window.__pwned = true</script>',
      '',
      'A [bad link](javascript:alert(1)), [another](JaVaScRiPt:alert(1)), [data](data:text/html,hi), [protocol-relative](//evil.example) and [backslash](/\\evil.example).',
      '',
      '<img src=x onerror="window.__pwned = true"> <b>bold?</b> ![tracker](https://evil.example/pixel.png)',
      '',
      '<div onclick="x()">raw block</div>',
    ].join('\n');
    mockApi({ 'GET /api/legal/privacy-policy': () => json({ ...view(hostile), document: 'privacy-policy' }) });
    const { container } = renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    await screen.findByText(/bad link/);
    const article = container.querySelector('article')!;
    expect(article.querySelector('script, img, b, div[onclick], iframe')).toBeNull();
    expect(article.textContent).toContain('<script>');
    expect(article.textContent).toContain('<img src=x onerror="window.__pwned = true">');
    expect(article.textContent).toContain('<div onclick="x()">raw block</div>');
    expect(article.textContent).toContain('tracker');
    const page = within(article as HTMLElement);
    for (const name of ['bad link', 'another', 'data', 'protocol-relative', 'backslash']) {
      expect(page.queryByRole('link', { name })).toBeNull();
      expect(article.textContent).toContain(name);
    }
    for (const a of article.querySelectorAll('a')) expect(a.getAttribute('href')).toMatch(/^(https?:|mailto:|\/[^/\\])/);
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('show a loading state under the title', async () => {
    mockApi({ 'GET /api/legal/terms-of-service': never });
    renderApp('/terms-of-service');
    expect(await screen.findByRole('status', { name: 'Loading the Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
  });

  it('an error offers Try again, which loads the page', async () => {
    let fail = true;
    mockApi({
      'GET /api/legal/terms-of-service': () => (fail ? apiError(503, 'UNAVAILABLE', 'The server is busy') : json(view('Back again.'))),
    });
    const user = userEvent.setup();
    renderApp('/terms-of-service');
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again.')).toBeInTheDocument();
  });
});

describe('safeHref', () => {
  it.each([
    ['https://example.com/a', 'external'],
    ['HTTP://example.com', 'external'],
    ['mailto:a@b.c', 'external'],
    ['/delete-data', 'internal'],
    ['javascript:alert(1)', null],
    [' javascript:alert(1)', null],
    ['java&#x73;cript:alert(1)', null],
    ['&#106;avascript:alert(1)', null],
    ['vbscript:x', null],
    ['data:text/html,x', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['/ok\u0000', null],
    ['https://', null],
    ['relative/path', null],
  ] as const)('%s -> %s', (href, kind) => {
    expect(safeHref(href)?.kind ?? null).toBe(kind);
  });
});

describe('MarkdownView', () => {
  it('keeps a single h1 on the page: the text’s own # heading becomes an h2', () => {
    mockApi();
    renderInProviders(<MarkdownView markdown={'# Title\n\n#### Deep'} />);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Title' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Deep' })).toBeInTheDocument();
  });
});
