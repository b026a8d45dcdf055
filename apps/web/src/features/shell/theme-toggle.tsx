import { MoonIcon, SunIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { useTheme } from '#/lib/theme';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** The label's id names the theme a press switches to: 'Light Mode' while dark, 'Dark Mode' while light. */
export function themeToggleLabel(theme: 'dark' | 'light') {
  return theme === 'dark' ? 'shell.theme.light' : 'shell.theme.dark';
}

export function ThemeToggleIcon({ theme }: { theme: 'dark' | 'light' }) {
  return theme === 'dark' ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />;
}

/** Compact button for the signed-out top menu. */
export function ThemeToggleButton() {
  const { theme, toggleTheme } = useTheme();
  const t = useT(catalog);
  return (
    <Button variant="ghost" size="sm" onClick={toggleTheme}>
      <ThemeToggleIcon theme={theme} />
      <span className="sr-only sm:not-sr-only">{t(themeToggleLabel(theme))}</span>
    </Button>
  );
}
