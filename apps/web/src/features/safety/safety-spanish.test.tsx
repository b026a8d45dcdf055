import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers } from '#/app/providers';
import { activateLocale } from '#/lib/i18n';
import { createQueryClient } from '#/lib/query-client';
import { mockApi } from '#/test/render-app';
import { MemberSafetyActions } from './member-safety-actions';

describe('Blocking and reporting in Spanish (issue 26)', () => {
  it('the menu and the block dialog', async () => {
    mockApi({});
    await act(() => activateLocale('es'));
    render(
      <Providers queryClient={createQueryClient()}>
        <MemberSafetyActions userId="0b7e3c1a-2f4d-4e5a-8b6c-7d8e9f0a1b2c" name="Alex Moreno" />
      </Providers>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Más acciones para Alex Moreno' }));
    expect(await screen.findByRole('menuitem', { name: 'Reportar' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Bloquear' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Bloquear' })).toBeInTheDocument();
  });
});
