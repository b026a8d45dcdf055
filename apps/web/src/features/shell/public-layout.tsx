import * as React from 'react';
import { PageSpinner } from '#/components/page-spinner';
import { Link, NavLink, Outlet } from 'react-router';
import { cn } from '#/lib/utils';
import { AppBrand } from './app-brand';
import { PUBLIC_NAV } from './public-nav';
import { SkipLink } from './skip-link';
import { ThemeToggleButton } from './theme-toggle';
import { LanguageSwitcher } from '#/components/language-switcher';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** Signed-out frame: the top menu (Apply, Sign In, Events, Communities), the page, and a footer. */
export function PublicLayout() {
  const t = useT(catalog);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-20 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 sm:px-6">
          <AppBrand to="/" />
          <div className="ml-auto flex items-center gap-1 sm:order-last sm:ml-0">
            <LanguageSwitcher />
            <ThemeToggleButton />
          </div>
          <nav aria-label={t('shell.nav.main')} className="order-last w-full sm:order-none sm:ml-auto sm:w-auto">
            <ul className="flex items-center justify-between gap-1 sm:justify-end">
              {PUBLIC_NAV.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    className={({ isActive }) =>
                      cn(
                        'inline-flex h-9 items-center rounded-md px-2.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground sm:px-3',
                        isActive && 'bg-accent text-accent-foreground',
                      )
                    }
                  >
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <React.Suspense fallback={<PageSpinner />}>
          <Outlet />
        </React.Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}

/** The footer's links; `label` is a shell catalogue id. */
const FOOTER_LINKS = [
  { to: '/get-app', label: 'shell.footer.getApp' },
  { to: '/terms-of-service', label: 'shell.footer.terms' },
  { to: '/privacy-policy', label: 'shell.footer.privacy' },
  { to: '/delete-data', label: 'shell.footer.deleteData' },
] as const;

export function SiteFooter({ className }: { className?: string }) {
  const t = useT(catalog);
  return (
    <footer className={cn('border-t', className)}>
      <nav aria-label={t('shell.footer.label')} className="mx-auto max-w-6xl px-3 py-4 sm:px-6">
        <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          {FOOTER_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
                {t(l.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
