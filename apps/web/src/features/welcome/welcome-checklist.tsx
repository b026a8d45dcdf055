import { Link } from 'react-router';
import { CheckCircle2Icon, CircleIcon, XIcon } from 'lucide-react';
import type { WelcomeChecklist as Checklist } from '@bayclub/shared';
import { Button } from '#/components/ui/button';

export interface ChecklistStep {
  key: keyof Checklist | 'install';
  label: string;
  done: boolean;
  /** Where the member does it (installing: /get-app, which shows this device's way). */
  to?: string;
  hint?: string;
}

/** The checklist's steps, in the order a new member meets them. */
export function welcomeSteps(checklist: Checklist, installed: boolean): ChecklistStep[] {
  return [
    { key: 'profile', label: 'Add a photo and a bio', done: checklist.profile, to: '/profile' },
    { key: 'communities', label: 'Join a community', done: checklist.communities, to: '/communities' },
    { key: 'rsvp', label: 'RSVP to an upcoming event', done: checklist.rsvp, to: '/events' },
    { key: 'notifications', label: 'Turn on notifications', done: checklist.notifications, to: '/profile?notifications=open' },
    { key: 'install', label: 'Install the app', done: installed, to: '/get-app', hint: "Use your browser's Install or Add to Home Screen." },
  ];
}

/** Home's welcome for a new member: a short checklist that ticks itself, and a close button. */
export function WelcomeChecklist({ name, steps, onDismiss }: { name: string | null; steps: ChecklistStep[]; onDismiss: () => void }) {
  const done = steps.filter((s) => s.done).length;
  return (
    <section aria-labelledby="welcome-title" className="relative grid gap-3 rounded-xl border bg-card p-4 text-card-foreground">
      <div className="pr-10">
        <h2 id="welcome-title" className="text-lg font-semibold">
          {name ? `Welcome to the club, ${name}!` : 'Welcome to the club!'}
        </h2>
        <p className="text-sm text-muted-foreground">{`A few things to do in your first week: ${done} of ${steps.length} done.`}</p>
      </div>
      <Button variant="ghost" size="icon-sm" className="absolute top-3 right-3" aria-label="Dismiss welcome" onClick={onDismiss}>
        <XIcon aria-hidden="true" />
      </Button>
      <ul aria-label="First steps" className="grid gap-1.5">
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
                  {step.label}
                </Link>
              ) : (
                <span className={step.done ? 'text-muted-foreground line-through' : 'font-medium'}>{step.label}</span>
              )}
              <span className="sr-only">{step.done ? ', done' : ', to do'}</span>
              {!step.done && step.hint && <span className="text-xs text-muted-foreground">{step.hint}</span>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
