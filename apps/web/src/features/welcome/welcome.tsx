import { canSeeMembers } from '@bayclub/shared';
import { useMe } from '#/lib/session/use-session';
import { useDismissWelcomeMutation, useWelcomeQuery } from './api';
import { useInstalled } from '#/lib/use-installed';
import { WelcomeChecklist, welcomeSteps } from './welcome-checklist';
import { WelcomeSuggestions } from './welcome-suggestions';

interface WelcomeProps {
  thin: boolean;
  /** After the checklist is closed: its close button, which had focus, is gone, so the page moves focus on. */
  onDismissed?: () => void;
}

/**
 * Home's welcome (issue 21): the checklist until every step is done or the member closes it, and the suggestions
 * while the feed is `thin` (the Home page decides). Nothing for applicants: the server refuses them too.
 */
export function Welcome({ thin, onDismissed }: WelcomeProps) {
  const me = useMe();
  const approved = canSeeMembers(me?.profile ?? null);
  const installed = useInstalled();
  const { data } = useWelcomeQuery(approved);
  const dismiss = useDismissWelcomeMutation();
  if (!data) return null;
  const steps = welcomeSteps(data.checklist, installed);
  const showChecklist = !data.dismissed && steps.some((s) => !s.done);
  const name = me?.profile?.fullName?.trim().split(/\s+/)[0] ?? null;
  return (
    <>
      {showChecklist && (
        <WelcomeChecklist
          name={name}
          steps={steps}
          onDismiss={() => {
            dismiss.mutate();
            onDismissed?.();
          }}
        />
      )}
      {thin && <WelcomeSuggestions communities={data.communities} events={data.events} />}
    </>
  );
}
