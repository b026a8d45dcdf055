import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useTheme } from '#/lib/theme';
import { useIsMobile } from '#/lib/use-is-mobile';
import { useT } from '#/lib/i18n';
import { catalog } from '../i18n';

/** Above the phone's bottom tabs (about 4 rem, plus the safe area), with a little air. */
const ABOVE_BOTTOM_TABS = 'calc(4.75rem + env(safe-area-inset-bottom))';

/**
 * The app's one toast outlet. Show toasts with `import { toast } from 'sonner'`. At the bottom, where no page keeps
 * its title (at the top they covered every page's h1): bottom right on desktop, above the tab bar on phones.
 */
export function Toaster(props: ToasterProps) {
  const { theme } = useTheme();
  const t = useT(catalog);
  const isMobile = useIsMobile();
  const bottom = isMobile ? { bottom: ABOVE_BOTTOM_TABS } : undefined;
  return (
    <Sonner
      theme={theme}
      className="toaster group"
      position={isMobile ? 'bottom-center' : 'bottom-right'}
      offset={bottom}
      mobileOffset={bottom}
      closeButton
      // sonner's own words (its region's name, its close button's) in the page's language.
      containerAriaLabel={t('components.toast.region')}
      toastOptions={{ closeButtonAriaLabel: t('components.toast.close') }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
