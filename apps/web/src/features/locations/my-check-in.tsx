import * as React from 'react';
import { LogOutIcon, Trash2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { CHECK_IN_VISIBILITY_LABELS, LOCATION_MESSAGES, type LocationCheckInView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { useOwnCheckInMutation } from './api';
import { clockTime } from './check-in-format';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { catalog } from './i18n';
import { VISIBILITY_ICONS } from './visibility-choice';

/** The member's own check-in at this place in the last 3 hours: since when, who sees it, Check out and Delete. */
export function MyCheckIn({
  checkIn,
  locationId,
  showStatus = true,
}: {
  checkIn: LocationCheckInView;
  locationId: string;
  /** False while the check-in's own answer card is on screen: that card is the one confirmation. */
  showStatus?: boolean;
}) {
  const Icon = VISIBILITY_ICONS[checkIn.visibility];
  const t = useT(catalog);
  const s = useSharedText();
  if (!showStatus) return <OwnCheckInActions checkIn={checkIn} locationId={locationId} />;
  return (
    <div className="grid gap-3 rounded-lg bg-muted/50 p-3">
      <div className="grid gap-0.5">
        <p className="font-medium">{checkIn.hereNow ? s(LOCATION_MESSAGES.youAreHere) : t('locations.mine.checkedInAt', { time: clockTime(checkIn.createdAt) })}</p>
        <p className="inline-flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
          {checkIn.hereNow && <span>{t('locations.checkIn.since', { time: clockTime(checkIn.createdAt) })} ·</span>}
          <Icon aria-hidden="true" className="size-3.5" />
          {s(CHECK_IN_VISIBILITY_LABELS[checkIn.visibility])}
          {checkIn.checkedOutAt && <span>· {t('locations.mine.checkedOutAt', { time: clockTime(checkIn.checkedOutAt) })}</span>}
        </p>
      </div>
      <OwnCheckInActions checkIn={checkIn} locationId={locationId} />
    </div>
  );
}

/** Check out (while here now) and Delete (asked first): the member's own check-in, wherever it is listed. */
export function OwnCheckInActions({ checkIn, locationId }: { checkIn: Pick<LocationCheckInView, 'id' | 'hereNow' | 'checkedOutAt'>; locationId?: string }) {
  const mutation = useOwnCheckInMutation();
  const [confirming, setConfirming] = React.useState(false);
  const t = useT(catalog);
  const s = useSharedText();
  const run = (action: 'check-out' | 'delete') =>
    mutation.mutate(
      { checkIn, action, locationId },
      {
        onSuccess: () => toast.success(action === 'delete' ? s(LOCATION_MESSAGES.checkInDeleted) : s(LOCATION_MESSAGES.checkedOut)),
        onError: (error) => toast.error(action === 'delete' ? t('locations.mine.deleteFailed') : t('locations.mine.checkOutFailed'), { description: errorMessage(error) }),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      {checkIn.hereNow && !checkIn.checkedOutAt && (
        <Button size="sm" variant="outline" onClick={() => run('check-out')} disabled={mutation.isPending}>
          <LogOutIcon aria-hidden="true" />
          {s(LOCATION_MESSAGES.checkOut)}
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} disabled={mutation.isPending}>
        <Trash2Icon aria-hidden="true" />
        {s(LOCATION_MESSAGES.deleteCheckIn)}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('locations.mine.deleteTitle')}
        description={t('locations.mine.deleteDescription')}
        confirm={t('locations.mine.delete')}
        onConfirm={() => run('delete')}
      />
    </div>
  );
}
