export { SayHiPage } from '#/features/placeholders/pages';
