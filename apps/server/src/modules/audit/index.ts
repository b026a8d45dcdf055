// Face of the audit module: the one way an admin or moderator action is written to the audit log (issue 23), and
// the log's read-only route.
export { recordAudit, type AuditEntry } from './record.js';
export { auditRoutes } from './routes.js';
