// Face of the legal feature (issue 24): the Terms of Service and Privacy Policy pages' data, and the Markdown view
// on demand (the admins' preview loads `marked` only when it is opened).
import { lazyNamed } from '#/lib/lazy-named';

export { useAdminLegalDocumentQuery, useUpdateLegalDocumentMutation, legalKeys } from './api';
export const LazyMarkdownView = lazyNamed(() => import('./markdown'), 'MarkdownView');
