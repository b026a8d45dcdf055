import { CheckCircle2Icon, XCircleIcon } from 'lucide-react';
import type { CheckInResult } from '@bayclub/shared';
import { timeInZone } from '#/lib/format';
import { useT } from '#/lib/i18n';
import { attendeeName, doorPartyLabel } from './event-format';
import { MemberPhoto } from '#/components/member/member-photo';
import { catalog } from './i18n';

/**
 * The answer to the last scan or code: an admission in a status region, a refusal (already used with when, another
 * event, cancelled, invalid) in an alert, so screen readers announce either at once. Both regions stay in the
 * page so the announcement is not lost when the card first appears.
 */
export function CheckInResultCard({ result, timeZone }: { result: CheckInResult | null; timeZone: string }) {
  const admitted = result?.outcome === 'checked_in';
  return (
    <>
      <div role="status" aria-live="polite">
        {result && admitted && (
          <Card result={result} timeZone={timeZone} tone="border-green-600 bg-green-50 dark:bg-green-950" />
        )}
      </div>
      <div role="alert">
        {result && !admitted && <Card result={result} timeZone={timeZone} tone="border-destructive bg-destructive/10" />}
      </div>
    </>
  );
}

function Card({ result, timeZone, tone }: { result: CheckInResult; timeZone: string; tone: string }) {
  const t = useT(catalog);
  const admitted = result.outcome === 'checked_in';
  const Icon = admitted ? CheckCircle2Icon : XCircleIcon;
  return (
    <div className={`flex items-center gap-3 rounded-lg border-2 p-4 ${tone}`}>
      {result.guest ? <MemberPhoto member={result.guest} className="size-16" /> : <Icon aria-hidden="true" className="size-10 shrink-0" />}
      <div className="grid gap-0.5">
        <p className="flex items-center gap-1 text-lg font-semibold">
          {result.guest && <Icon aria-hidden="true" className="size-5 shrink-0" />}
          {result.message}
        </p>
        {result.guest && <p className="font-medium">{attendeeName(result.guest)}</p>}
        {result.partySize !== null && <p className="text-sm">{doorPartyLabel(result.partySize)}</p>}
        {result.outcome === 'already_used' && result.checkedInAt && (
          <p className="text-sm">{t('events.door.usedAt', { time: timeInZone(result.checkedInAt, timeZone) })}</p>
        )}
      </div>
    </div>
  );
}
