import { useSearchParams } from 'react-router';
import { MembersTable } from './members-table';
import { MemberAdminPage } from './member-admin-page';

/**
 * The back office's Members section (issue 23): the table, or one member's admin page when the URL names one
 * (?tab=members&member=<id>), so a member's page can be linked, reloaded and left with Back.
 */
export function MembersPanel() {
  const [search] = useSearchParams();
  const member = search.get('member');
  return member ? <MemberAdminPage key={member} memberId={member} /> : <MembersTable />;
}
