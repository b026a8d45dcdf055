import * as React from 'react';
import { POST_LIMITS, type PostImageUpload } from '@bayclub/shared';
import { checkGalleryFiles } from '#/features/gallery';
import { useT } from '#/lib/i18n';
import { uploadPostImage } from './api';
import { catalog } from './i18n';

export interface PhotoUpload {
  id: string;
  file: File;
  /** A local preview (object URL) while it uploads and after. */
  previewUrl: string;
  status: 'waiting' | 'uploading' | 'done';
  upload: PostImageUpload | null;
}

let nextId = 0;
const previewOf = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '');
const revoke = (url: string) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

/**
 * The composer's photos: checked like gallery photos (type, 10 MB, at most 6), then uploaded one at a time to
 * POST /api/post-images as soon as they are picked. A photo whose upload fails is left out with a visible notice
 * (spec 8: failed media uploads in the post uploader are skipped); the rest of the draft is untouched.
 */
export function usePhotoUploads() {
  const [items, setItemsState] = React.useState<PhotoUpload[]>([]);
  const [notices, setNotices] = React.useState<string[]>([]);
  const itemsRef = React.useRef<PhotoUpload[]>([]);
  const running = React.useRef(false);
  const abort = React.useRef<AbortController | null>(null);
  const t = useT(catalog);

  const setItems = React.useCallback((change: (old: PhotoUpload[]) => PhotoUpload[]) => {
    itemsRef.current = change(itemsRef.current);
    setItemsState(itemsRef.current);
  }, []);

  React.useEffect(
    () => () => {
      abort.current?.abort();
      itemsRef.current.forEach((item) => revoke(item.previewUrl));
    },
    [],
  );

  const run = async () => {
    if (running.current) return;
    running.current = true;
    abort.current ??= new AbortController();
    try {
      for (;;) {
        const next = itemsRef.current.find((i) => i.status === 'waiting');
        if (!next) break;
        setItems((old) => old.map((i) => (i.id === next.id ? { ...i, status: 'uploading' } : i)));
        try {
          const upload = await uploadPostImage(next.file, abort.current.signal);
          setItems((old) => old.map((i) => (i.id === next.id ? { ...i, status: 'done', upload } : i)));
        } catch {
          if (abort.current.signal.aborted) return;
          revoke(next.previewUrl);
          setItems((old) => old.filter((i) => i.id !== next.id));
          setNotices((old) => [...old, t('posts.composer.photos.skipped', { name: next.file.name })]);
        }
      }
    } finally {
      running.current = false;
    }
  };

  const add = (files: readonly File[]) => {
    const room = POST_LIMITS.imagesMax - itemsRef.current.length;
    const check = checkGalleryFiles(files, room);
    setNotices([...check.errors, ...(check.leftOut > 0 ? [t('posts.composer.photos.max', { max: POST_LIMITS.imagesMax })] : [])]);
    if (check.accepted.length === 0) return;
    setItems((old) => [
      ...old,
      ...check.accepted.map((file) => ({
        id: `photo-${++nextId}`,
        file,
        previewUrl: previewOf(file),
        status: 'waiting' as const,
        upload: null,
      })),
    ]);
    void run();
  };

  /** Take a photo out (an upload still running finishes unseen; the server sweeps unused uploads). */
  const remove = (id: string) => {
    const item = itemsRef.current.find((i) => i.id === id);
    if (item) revoke(item.previewUrl);
    setItems((old) => old.filter((i) => i.id !== id));
  };

  const clear = () => {
    itemsRef.current.forEach((item) => revoke(item.previewUrl));
    setItems(() => []);
    setNotices([]);
  };

  const uploading = items.some((i) => i.status !== 'done');
  const keys = items.flatMap((i) => (i.upload ? [i.upload.key] : []));
  return { items, notices, uploading, keys, room: POST_LIMITS.imagesMax - items.length, add, remove, clear };
}
