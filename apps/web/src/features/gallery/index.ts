import { lazyNamed } from '#/lib/lazy-named';

// The gallery feature's widgets for others to compose (the profile's Photos tab, a post's photos).
export { checkGalleryFiles } from './check-files';
export { PhotoGallery } from './photo-gallery';
/** The full-screen photo viewer; its code loads when a photo is first opened. */
export const PhotoViewer = lazyNamed(() => import('./photo-viewer'), 'PhotoViewer');
