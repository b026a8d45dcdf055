import { lazyNamed } from '#/lib/lazy-named';

// The Leaflet maps, in their own chunk (with Leaflet's stylesheet): a page's code does not grow by the library.
export const MarkersMap = lazyNamed(() => import('./leaflet-map'), 'MarkersMap');
export const PickerMap = lazyNamed(() => import('./leaflet-map'), 'PickerMap');
