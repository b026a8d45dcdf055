import * as React from 'react';
import { Link } from 'react-router';
import { EyeIcon, EyeOffIcon, MonitorIcon, PencilIcon, QrCodeIcon, UserCogIcon } from 'lucide-react';
import { toast } from 'sonner';
import { LOCATION_MESSAGES, type LocationView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { OnceOpened } from '#/components/once-opened';
import { errorMessage } from '#/lib/api';
import { lazyNamed } from '#/lib/lazy-named';
import { useUpdateLocationMutation } from './api';
import { ConfirmDialog } from '#/components/confirm-dialog';

const LocationFormDialog = lazyNamed(() => import('./location-form-dialog'), 'LocationFormDialog');
const QrDialog = lazyNamed(() => import('./qr-dialog'), 'QrDialog');
const ManagersDialog = lazyNamed(() => import('./managers-dialog'), 'ManagersDialog');

type Open = 'edit' | 'qr' | 'active' | 'managers' | null;

/**
 * The managers' row on a place's page: Edit and Deactivate / Reactivate, the QR code and the door screen for the
 * place's managers (its creator, named managers, admins: decision 026), and Managers for admins, each as the
 * server's permissions allow. Other members see none of it.
 */
export function LocationManageActions({ place }: { place: LocationView }) {
  const [open, setOpen] = React.useState<Open>(null);
  const update = useUpdateLocationMutation(place.id);
  const close = (next: boolean) => !next && setOpen(null);
  const { canEdit, canGenerateQr, canManageManagers } = place.permissions;

  const handleActive = () =>
    update.mutate(
      { active: !place.active },
      {
        onSuccess: () => toast.success(place.active ? LOCATION_MESSAGES.deactivatedDone : LOCATION_MESSAGES.reactivatedDone),
        onError: (error) => toast.error('Could not save', { description: errorMessage(error) }),
      },
    );

  return (
    <div role="group" aria-label="Manage this place" className="flex flex-wrap gap-2">
      {canEdit && (
        <Button variant="outline" onClick={() => setOpen('edit')} onPointerEnter={() => void LocationFormDialog.preload()}>
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
      )}
      {canGenerateQr && (
        <>
          <Button variant="outline" onClick={() => setOpen('qr')} onPointerEnter={() => void QrDialog.preload()}>
            <QrCodeIcon aria-hidden="true" />
            {LOCATION_MESSAGES.qrCode}
          </Button>
          {place.active && (
            <Button asChild variant="outline">
              <Link to={`/locations/${place.id}/door`}>
                <MonitorIcon aria-hidden="true" />
                {LOCATION_MESSAGES.doorScreen}
              </Link>
            </Button>
          )}
        </>
      )}
      {canEdit && (
        <Button variant="ghost" onClick={() => setOpen('active')} disabled={update.isPending}>
          {place.active ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
          {place.active ? 'Deactivate' : 'Reactivate'}
        </Button>
      )}
      {canManageManagers && (
        <Button variant="ghost" onClick={() => setOpen('managers')} onPointerEnter={() => void ManagersDialog.preload()}>
          <UserCogIcon aria-hidden="true" />
          Managers
        </Button>
      )}
      <OnceOpened open={open === 'managers'}>
        <ManagersDialog open={open === 'managers'} onOpenChange={close} place={place} />
      </OnceOpened>
      <OnceOpened open={open === 'edit'}>
        <LocationFormDialog open={open === 'edit'} onOpenChange={close} place={place} />
      </OnceOpened>
      <OnceOpened open={open === 'qr'}>
        <QrDialog open={open === 'qr'} onOpenChange={close} place={place} />
      </OnceOpened>
      <ConfirmDialog
        open={open === 'active'}
        onOpenChange={close}
        title={place.active ? `Deactivate ${place.name}?` : `Reactivate ${place.name}?`}
        description={
          place.active
            ? 'Members stop seeing it and cannot check in. Managers still find it under Show deactivated, and can reactivate it.'
            : 'Members see it again and can check in.'
        }
        confirm={place.active ? 'Deactivate' : 'Reactivate'}
        onConfirm={handleActive}
      />
    </div>
  );
}
