import { ConfirmDialog } from '#/components/confirm-dialog';

interface DeletePhotoDialogProps {
  /** The photo's label; the dialog is open while it is set. */
  label: string | null;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Asks before a photo is deleted (the stored files go too). */
export function DeletePhotoDialog({ label, onConfirm, onOpenChange, onCloseAutoFocus }: DeletePhotoDialogProps) {
  return (
    <ConfirmDialog
      open={label !== null}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Delete this photo?"
      description={label ? `"${label}" will be removed from your gallery. This cannot be undone.` : null}
      confirm="Delete"
      destructive
      onConfirm={onConfirm}
    />
  );
}
