import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useTheme } from '#/lib/theme';

/** The app's one toast outlet. Show toasts with `import { toast } from 'sonner'`. */
export function Toaster(props: ToasterProps) {
  const { theme } = useTheme();
  return (
    <Sonner
      theme={theme}
      className="toaster group"
      position="top-center"
      closeButton
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
