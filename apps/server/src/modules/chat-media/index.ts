// Face of the chat-media module: chat attachments, claimed by the message that sends them.
export { claimAttachments } from './repository.js';
export { chatMediaRoutes } from './routes.js';
