import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { ThemeProvider } from '#/lib/theme';
import { Toaster } from './sonner';

function showToast(width: number) {
  window.innerWidth = width;
  render(
    <ThemeProvider>
      <Toaster />
    </ThemeProvider>,
  );
  act(() => {
    toast('Saved');
  });
}

afterEach(() => {
  window.innerWidth = 1024;
});

const toaster = () => document.querySelector('[data-sonner-toaster]');

describe('where toasts show', () => {
  it('at the bottom right on desktop, away from the page title at the top', async () => {
    showToast(1440);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(toaster()).toHaveAttribute('data-y-position', 'bottom');
    expect(toaster()).toHaveAttribute('data-x-position', 'right');
  });

  it('above the bottom tabs on phones', async () => {
    showToast(390);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(toaster()).toHaveAttribute('data-y-position', 'bottom');
    expect((toaster() as HTMLElement).style.getPropertyValue('--mobile-offset-bottom')).toContain('4.75rem');
  });
});
