// Face of the admin module (issue 23): the back office's Members section and Overview; suspendMember for the
// moderation queue's "suspend the author" (same rules and audit entry, in the caller's transaction).
export { adminRoutes } from './routes.js';
export { suspendMember, type AdminActor } from './service.js';
// The member-state filter the CRM shares (one definition of suspended / deactivated / pending / rejected / active).
export { MEMBER_STATE_SQL, stateSql } from './repository.js';
