import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { activateLocale } from '#/lib/i18n';
import { InstagramConnect } from './instagram-connect';

describe('Instagram in Spanish (issue 26)', () => {
  it('a linked account: its handle, the verified mark and Disconnect in Spanish', async () => {
    await act(() => activateLocale('es'));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <InstagramConnect profile={{ instagramUsername: 'sam.studio', instagramVerified: true }} canLink />
      </QueryClientProvider>,
    );
    expect(screen.getByText('@sam.studio')).toBeInTheDocument();
    expect(screen.getByText(/Vinculada como/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cuenta de Instagram verificada' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desvincular' })).toBeInTheDocument();
  });
});
