import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEGAL_LIMITS, LEGAL_MESSAGES, type AdminLegalDocumentView } from '@bayclub/shared';
import { json, mockApi, renderInProviders } from '#/test/render-app';
import { LEGAL_TOASTS, LegalSettings } from './legal-settings';

const stored = (document: 'terms-of-service' | 'privacy-policy', over: Partial<AdminLegalDocumentView> = {}): AdminLegalDocumentView => ({
  document,
  markdown: document === 'terms-of-service' ? '## Terms\n\nBe kind.' : '## Privacy\n\nWe keep little.',
  updatedAt: '2026-11-28T12:00:00.000Z',
  custom: false,
  ...over,
});

const savedTerms = (body: unknown) => json(stored('terms-of-service', { ...(body as object), custom: true, updatedAt: '2026-12-01T15:30:00.000Z' }));

function setup(put: (body: unknown) => Response = savedTerms) {
  const bodies: unknown[] = [];
  mockApi({
    'GET /api/admin/legal/terms-of-service': () => json(stored('terms-of-service')),
    'GET /api/admin/legal/privacy-policy': () => json(stored('privacy-policy', { custom: true, updatedAt: '2026-10-02T09:00:00.000Z' })),
    'PUT /api/admin/legal/terms-of-service': ({ body }) => {
      bodies.push(body);
      return put(body);
    },
  });
  const user = userEvent.setup();
  renderInProviders(<LegalSettings />, '/admin?tab=settings');
  return { user, bodies };
}

describe('the Legal pages card', () => {
  it('edits a document as Markdown, previews it live and saves it', async () => {
    const { user, bodies } = setup();
    const terms = await screen.findByLabelText('Terms of Service (Markdown)');
    expect(terms).toHaveValue('## Terms\n\nBe kind.');
    expect(screen.getByText(/Built-in text, last updated Nov 28, 2026/)).toBeInTheDocument();
    expect(await screen.findByText(/Last updated Oct 2, 2026/)).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save Terms of Service' });
    expect(save).toBeDisabled();

    await user.clear(terms);
    await user.type(terms, '## New rules{enter}{enter}Be **very** kind. <script>x</script>');
    const form = within(terms.closest('form')!);
    const previewButton = form.getByRole('button', { name: 'Preview' });
    expect(previewButton).toHaveAttribute('aria-pressed', 'false');
    await user.click(previewButton);
    expect(previewButton).toHaveAttribute('aria-pressed', 'true');
    const preview = await form.findByRole('region', { name: 'Preview of the Terms of Service' });
    expect(await within(preview).findByRole('heading', { level: 2, name: 'New rules' })).toBeInTheDocument();
    expect(within(preview).getByText('very').tagName).toBe('STRONG');
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.textContent).toContain('<script>x</script>');

    await user.click(save);
    expect(await screen.findByText(LEGAL_TOASTS.saved('Terms of Service'))).toBeInTheDocument();
    expect(bodies).toEqual([{ markdown: '## New rules\n\nBe **very** kind. <script>x</script>' }]);
    await waitFor(() => expect(screen.getByText(/Last updated Dec 1, 2026/)).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Save Terms of Service' })).toBeDisabled();
  });

  it('says what is wrong before sending, and shows the server’s field message', async () => {
    const { user, bodies } = setup(() =>
      json({ error: { code: 'VALIDATION_FAILED', message: 'Check the fields', fields: { markdown: LEGAL_MESSAGES.markdownTooLong } } }, 400),
    );
    const terms = await screen.findByLabelText('Terms of Service (Markdown)');
    await user.clear(terms);
    await user.type(terms, '   ');
    await user.click(screen.getByRole('button', { name: 'Save Terms of Service' }));
    expect(await screen.findByText(LEGAL_MESSAGES.markdownRequired)).toBeInTheDocument();
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);

    await user.type(terms, 'Text');
    await user.click(screen.getByRole('button', { name: 'Save Terms of Service' }));
    expect(await screen.findByText(LEGAL_MESSAGES.markdownTooLong)).toBeInTheDocument();
    expect(await screen.findByText(LEGAL_TOASTS.failed('Terms of Service'))).toBeInTheDocument();
    expect(terms).toHaveAttribute('maxLength', String(LEGAL_LIMITS.markdownMax));
  });
});
