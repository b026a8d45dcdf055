import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { profiles, users } from '../db/schema/index.js';

export const DEMO_ADMIN_EMAIL = 'admin@bayclub.demo';

/** The demo accounts worth naming, as [email, what it is]; demoLogins keeps only those the database holds. */
const NAMED_LOGINS: Array<[string, string]> = [
  [DEMO_ADMIN_EMAIL, 'admin (reviews the pending applications under /admin)'],
  ['avarivera@bayclub.demo', 'full-platform member (moderator; sells seats to "Sunset sail on Tampa Bay", payouts set up)'],
  ['camilajohnson@bayclub.demo', 'full-platform member who reads the club in Spanish (Settings → Security → Language)'],
  ['priya@bayclub.demo', 'applicant with a pending application'],
];

/**
 * The logins seed:demo prints, naming only accounts that exist (issue 21: the old text named a community-only
 * address the name generator never makes). The community-only member is looked up, not guessed: the first approved
 * community_only demo account by username.
 */
export async function demoLogins(db: Db): Promise<Array<[string, string]>> {
  const found = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, NAMED_LOGINS.map(([email]) => email)));
  const existing = new Set(found.map((u) => u.email));
  const [limited] = await db
    .select({ email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.accountType, 'community_only'), eq(profiles.applicationStatus, 'approved'), like(profiles.email, '%@bayclub.demo')))
    .orderBy(asc(profiles.username))
    .limit(1);
  const lines = NAMED_LOGINS.filter(([email]) => existing.has(email));
  if (limited?.email) lines.push([limited.email, 'community-only member (limited by the permission flags)']);
  return lines;
}
