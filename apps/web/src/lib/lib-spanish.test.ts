import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, errorMessage } from '#/lib/api';
import { activateLocale } from '#/lib/i18n';
import { memberName } from '#/lib/member-format';

describe('the texts lib/ builds, in Spanish (issue 26)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a network failure, the generic fallback and a nameless member', async () => {
    await activateLocale('es');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await api.get('/api/me').catch((e: unknown) => e);
    expect(errorMessage(error)).toBe('Error de red. Revisa tu conexión e inténtalo de nuevo.');
    expect(errorMessage(new Error('boom'))).toBe('Algo salió mal. Inténtalo de nuevo.');
    expect(memberName({ fullName: ' ' } as Parameters<typeof memberName>[0])).toBe('Miembro');
  });
});
