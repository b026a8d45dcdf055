export { InboxPage } from '#/features/placeholders/pages';
