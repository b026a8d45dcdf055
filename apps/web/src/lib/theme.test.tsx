import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeToggleButton } from '#/features/shell/theme-toggle';
import { applyTheme, readStoredTheme, ThemeProvider } from './theme';

const renderToggle = () =>
  render(
    <ThemeProvider>
      <ThemeToggleButton />
    </ThemeProvider>,
  );

describe('theme', () => {
  it('is dark by default', () => {
    expect(readStoredTheme()).toBe('dark');
    applyTheme(readStoredTheme());
    expect(document.documentElement).toHaveClass('dark');
    renderToggle();
    expect(screen.getByRole('button', { name: 'Light Mode' })).toBeInTheDocument();
  });

  it('switches and remembers the choice', () => {
    const { unmount } = renderToggle();
    fireEvent.click(screen.getByRole('button', { name: 'Light Mode' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement).toHaveClass('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(screen.getByRole('button', { name: 'Dark Mode' })).toBeInTheDocument();
    unmount();

    expect(readStoredTheme()).toBe('light');
    renderToggle();
    fireEvent.click(screen.getByRole('button', { name: 'Dark Mode' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
  });
});
