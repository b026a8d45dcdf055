// Face of the audit module: the one way an admin or moderator action is written to the audit log (issue 23).
export { recordAudit, type AuditEntry } from './record.js';
