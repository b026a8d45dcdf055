// Face of the mail module: the outbox every mail goes through, member mails (preferences, look, unsubscribe links)
// and their routes.
export { createMailOutbox } from './outbox.js';
export { createMemberMailer, type MailRecipient, type MailRenderer, type MemberMailer } from './member-mail.js';
export type { MailContent } from './layout.js';
export { mailRoutes } from './routes.js';
