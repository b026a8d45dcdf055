export { ConnectionsPage } from '#/features/placeholders/pages';
