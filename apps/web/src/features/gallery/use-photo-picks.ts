import * as React from 'react';

export interface PhotoPick {
  key: string;
  file: File;
  caption: string;
  /** An object URL for the preview; null where the browser cannot make one. */
  previewUrl: string | null;
}

let nextKey = 0;

function previewFor(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

function release(picks: readonly PhotoPick[]) {
  for (const pick of picks) if (pick.previewUrl) URL.revokeObjectURL(pick.previewUrl);
}

/** The files chosen in the upload dialog, with captions and previews; preview URLs are released when dropped. */
export function usePhotoPicks() {
  const [picks, setPicks] = React.useState<PhotoPick[]>([]);
  const latest = React.useRef(picks);
  React.useEffect(() => {
    latest.current = picks;
  }, [picks]);
  // Free the previews when the dialog goes away for good.
  React.useEffect(() => () => release(latest.current), []);

  const add = (files: readonly File[]) =>
    setPicks((current) => [...current, ...files.map((file) => ({ key: `pick-${nextKey++}`, file, caption: '', previewUrl: previewFor(file) }))]);
  const remove = (key: string) =>
    setPicks((current) => {
      release(current.filter((p) => p.key === key));
      return current.filter((p) => p.key !== key);
    });
  const setCaption = (key: string, caption: string) =>
    setPicks((current) => current.map((p) => (p.key === key ? { ...p, caption } : p)));
  const clear = () =>
    setPicks((current) => {
      release(current);
      return [];
    });

  return { picks, add, remove, setCaption, clear };
}
