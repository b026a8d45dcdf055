// Face of the mail module: the outbox every mail goes through.
export { createMailOutbox } from './outbox.js';
