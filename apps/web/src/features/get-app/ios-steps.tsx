import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/*
 * Safari has no install prompt: the three taps, each with a drawing of what to look for (inline SVG in the
 * page's colours: no images to load, sharp at any size, and right in both themes).
 */

function ShareIcon() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className="size-12 shrink-0 rounded-lg bg-muted p-2 text-primary">
      <path d="M24 6v22M16 13l8-8 8 8" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M15 20h-3v22h24V20h-3" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function AddToHomeIcon() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className="size-12 shrink-0 rounded-lg bg-muted p-2 text-primary">
      <rect x="8" y="8" width="32" height="32" rx="7" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M24 16v16M16 24h16" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function AddButtonIcon() {
  const t = useT(catalog);
  return (
    <svg viewBox="0 0 64 48" aria-hidden="true" className="h-12 w-16 shrink-0 rounded-lg bg-muted p-2 text-primary">
      <text x="32" y="31" textAnchor="middle" fontSize="18" fontWeight="600" fill="currentColor" fontFamily="system-ui, sans-serif">
        {t('get-app.ios.addButton')}
      </text>
    </svg>
  );
}

const STEPS = [
  { icon: ShareIcon, title: 'get-app.ios.share.title', text: 'get-app.ios.share.text' },
  { icon: AddToHomeIcon, title: 'get-app.ios.addToHome.title', text: 'get-app.ios.addToHome.text' },
  { icon: AddButtonIcon, title: 'get-app.ios.add.title', text: 'get-app.ios.add.text' },
] as const;

export function IosSteps() {
  const t = useT(catalog);
  return (
    <ol className="grid gap-3" aria-label={t('get-app.ios.steps')}>
      {STEPS.map(({ icon: Icon, title, text }, index) => (
        <li key={title} className="flex items-start gap-4 rounded-xl border p-4">
          <Icon />
          <div className="grid gap-1">
            <p className="font-medium">
              <span className="text-muted-foreground">{index + 1}. </span>
              {t(title)}
            </p>
            <p className="text-sm text-muted-foreground">{t(text)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
