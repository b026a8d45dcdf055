import { CITY_LABELS, COMMUNITY_VISIBILITY_LABELS, JOIN_POLICY_LABELS, type CommunityView } from '@bayclub/shared';
import { Badge } from '#/components/ui/badge';
import { formatDay } from '#/lib/format';
import { memberName } from '#/lib/member-format';

/** What a community is about: open to everyone who may see the community at all, visitors included. */
export function AboutTab({ community }: { community: CommunityView }) {
  return (
    <div className="grid gap-5 rounded-xl border bg-card p-4 text-card-foreground sm:p-6">
      {community.description ? (
        <p className="whitespace-pre-line">{community.description}</p>
      ) : (
        <p className="text-muted-foreground">No description yet.</p>
      )}
      {community.interests.length > 0 && (
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">Topics</h3>
          <ul aria-label="Topics" className="flex flex-wrap gap-2">
            {community.interests.map((topic) => (
              <li key={topic}>
                <Badge variant="secondary">{topic}</Badge>
              </li>
            ))}
          </ul>
        </div>
      )}
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Fact term="Who can see it" value={COMMUNITY_VISIBILITY_LABELS[community.visibility]} />
        <Fact term="How to join" value={JOIN_POLICY_LABELS[community.joinPolicy]} />
        {community.city && <Fact term="City" value={CITY_LABELS[community.city]} />}
        <Fact term="Address" value={`/${community.urlSlug}`} />
        {community.creator && <Fact term="Created by" value={memberName(community.creator)} />}
        <Fact term="Since" value={formatDay(community.createdAt)} />
      </dl>
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}
