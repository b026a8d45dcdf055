import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGE_STORAGE_KEY } from '#/lib/i18n';
import { json, mockApi, renderApp } from '#/test/render-app';

const LOAD = { timeout: 5000 };

describe('the landing page in Spanish (issue 26)', () => {
  it('a visitor switches to Español: the page, <html lang> and the next visit follow', async () => {
    mockApi({ 'GET /api/landing/stats': () => json({ members: 1234, applications: 2 }) });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Apply for membership' }, LOAD)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');

    await userEvent.click(screen.getByRole('button', { name: 'Español' }));

    expect(await screen.findByRole('link', { name: 'Solicita tu membresía' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cómo funciona la membresía' })).toBeInTheDocument();
    expect(screen.getByText('Miembros')).toBeInTheDocument();
    // The built-in description (the server answers it when no admin wrote one) in Spanish, on the page and in its meta.
    expect(screen.getByText(/^Una comunidad social solo para miembros/)).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^Una comunidad social/));
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    const back = screen.getByRole('button', { name: 'English' });
    expect(back).toHaveAttribute('lang', 'en');
    // The API is asked in the page's language (the server answers its error texts in it).
    await userEvent.click(back);
    expect(await screen.findByRole('link', { name: 'Apply for membership' }, LOAD)).toBeInTheDocument();
    expect(within(document.getElementById('apply')!).getByRole('heading', { name: 'Apply for membership' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});
