import { Link } from 'react-router';
import { CheckCircle2Icon, CircleIcon, XIcon } from 'lucide-react';
import type { WelcomeChecklist as Checklist } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

export interface ChecklistStep {
  key: keyof Checklist | 'install';
  /** A catalogue id, as is `hint`. */
  label: string;
  done: boolean;
  /** Where the member does it (installing: /get-app, which shows this device's way). */
  to?: string;
  hint?: string;
}

/** The checklist's steps, in the order a new member meets them. */
export function welcomeSteps(checklist: Checklist, installed: boolean): ChecklistStep[] {
  return [
    { key: 'profile', label: 'welcome.step.profile', done: checklist.profile, to: '/profile' },
    { key: 'communities', label: 'welcome.step.communities', done: checklist.communities, to: '/communities' },
    { key: 'rsvp', label: 'welcome.step.rsvp', done: checklist.rsvp, to: '/events' },
    { key: 'notifications', label: 'welcome.step.notifications', done: checklist.notifications, to: '/profile?notifications=open' },
    { key: 'install', label: 'welcome.step.install', done: installed, to: '/get-app', hint: 'welcome.step.installHint' },
  ];
}

/** Home's welcome for a new member: a short checklist that ticks itself, and a close button. */
export function WelcomeChecklist({ name, steps, onDismiss }: { name: string | null; steps: ChecklistStep[]; onDismiss: () => void }) {
  const done = steps.filter((s) => s.done).length;
  const t = useT(catalog);
  return (
    <section aria-labelledby="welcome-title" className="relative grid gap-3 rounded-xl border bg-card p-4 text-card-foreground">
      <div className="pr-10">
        <h2 id="welcome-title" className="text-lg font-semibold">
          {name ? t('welcome.title.named', { name }) : t('welcome.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('welcome.progress', { done, total: steps.length })}</p>
      </div>
      <Button variant="ghost" size="icon-sm" className="absolute top-3 right-3" aria-label={t('welcome.dismiss')} onClick={onDismiss}>
        <XIcon aria-hidden="true" />
      </Button>
      <ul aria-label={t('welcome.steps')} className="grid gap-1.5">
        {steps.map((step) => (
          <li key={step.key} className="flex items-start gap-2 text-sm">
            {step.done ? (
              <CheckCircle2Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            ) : (
              <CircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            )}
            <span className="grid">
              {step.to && !step.done ? (
                <Link to={step.to} className="font-medium underline-offset-2 hover:underline">
                  {t(step.label)}
                </Link>
              ) : (
                <span className={step.done ? 'text-muted-foreground line-through' : 'font-medium'}>{t(step.label)}</span>
              )}
              <span className="sr-only">{step.done ? t('welcome.step.done') : t('welcome.step.toDo')}</span>
              {!step.done && step.hint && <span className="text-xs text-muted-foreground">{t(step.hint)}</span>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
