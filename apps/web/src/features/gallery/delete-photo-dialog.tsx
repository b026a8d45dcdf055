import { ConfirmDialog } from '#/components/confirm-dialog';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

interface DeletePhotoDialogProps {
  /** The photo's label; the dialog is open while it is set. */
  label: string | null;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Asks before a photo is deleted (the stored files go too). */
export function DeletePhotoDialog({ label, onConfirm, onOpenChange, onCloseAutoFocus }: DeletePhotoDialogProps) {
  const t = useT(catalog);
  return (
    <ConfirmDialog
      open={label !== null}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={t('gallery.delete.title')}
      description={label ? t('gallery.delete.description', { label }) : null}
      confirm={t('gallery.delete.confirm')}
      destructive
      onConfirm={onConfirm}
    />
  );
}
