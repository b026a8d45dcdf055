export { ChatPage } from '#/features/placeholders/pages';
