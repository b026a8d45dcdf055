import * as React from 'react';
import { Link } from 'react-router';
import { EyeIcon, EyeOffIcon, MonitorIcon, PencilIcon, QrCodeIcon, UserCogIcon } from 'lucide-react';
import { toast } from 'sonner';
import { LOCATION_MESSAGES, type LocationView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { OnceOpened } from '#/components/once-opened';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { lazyNamed } from '#/lib/lazy-named';
import { useUpdateLocationMutation } from './api';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { catalog } from './i18n';

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
  const t = useT(catalog);
  const s = useSharedText();
  const close = (next: boolean) => !next && setOpen(null);
  const { canEdit, canGenerateQr, canManageManagers } = place.permissions;

  const handleActive = () =>
    update.mutate(
      { active: !place.active },
      {
        onSuccess: () => toast.success(place.active ? s(LOCATION_MESSAGES.deactivatedDone) : s(LOCATION_MESSAGES.reactivatedDone)),
        onError: (error) => toast.error(t('locations.toast.saveFailed'), { description: errorMessage(error) }),
      },
    );

  return (
    <div role="group" aria-label={t('locations.manage.label')} className="flex flex-wrap gap-2">
      {canEdit && (
        <Button variant="outline" onClick={() => setOpen('edit')} onPointerEnter={() => void LocationFormDialog.preload()}>
          <PencilIcon aria-hidden="true" />
          {t('locations.manage.edit')}
        </Button>
      )}
      {canGenerateQr && (
        <>
          <Button variant="outline" onClick={() => setOpen('qr')} onPointerEnter={() => void QrDialog.preload()}>
            <QrCodeIcon aria-hidden="true" />
            {s(LOCATION_MESSAGES.qrCode)}
          </Button>
          {place.active && (
            <Button asChild variant="outline">
              <Link to={`/locations/${place.id}/door`}>
                <MonitorIcon aria-hidden="true" />
                {s(LOCATION_MESSAGES.doorScreen)}
              </Link>
            </Button>
          )}
        </>
      )}
      {canEdit && (
        <Button variant="ghost" onClick={() => setOpen('active')} disabled={update.isPending}>
          {place.active ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
          {place.active ? t('locations.manage.deactivate') : t('locations.manage.reactivate')}
        </Button>
      )}
      {canManageManagers && (
        <Button variant="ghost" onClick={() => setOpen('managers')} onPointerEnter={() => void ManagersDialog.preload()}>
          <UserCogIcon aria-hidden="true" />
          {t('locations.managers')}
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
        title={place.active ? t('locations.manage.deactivateTitle', { name: place.name }) : t('locations.manage.reactivateTitle', { name: place.name })}
        description={place.active ? t('locations.manage.deactivateDescription') : t('locations.manage.reactivateDescription')}
        confirm={place.active ? t('locations.manage.deactivate') : t('locations.manage.reactivate')}
        onConfirm={handleActive}
      />
    </div>
  );
}
