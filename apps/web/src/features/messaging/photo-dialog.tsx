import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#/components/ui/dialog';

/** A chat photo at full size (loaded the first time a member opens one: see MessageMedia). */
export function PhotoDialog({ url, onClose }: { url: string | null; onClose: () => void }) {
  return (
    <Dialog open={url !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-[calc(100%-1rem)] p-2 sm:max-w-4xl">
        <DialogTitle className="sr-only">Photo</DialogTitle>
        <DialogDescription className="sr-only">The photo at full size</DialogDescription>
        {url ? <img src={url} alt="Photo, full size" className="max-h-[85dvh] w-full rounded object-contain" /> : null}
      </DialogContent>
    </Dialog>
  );
}
