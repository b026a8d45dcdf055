import { CITY_LABELS, COMMUNITY_VISIBILITY_LABELS, JOIN_POLICY_LABELS, type CommunityView } from '@bayclub/shared';
import { Badge } from '#/components/ui/badge';
import { formatDay } from '#/lib/format';
import { memberName } from '#/lib/member-format';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** What a community is about: open to everyone who may see the community at all, visitors included. */
export function AboutTab({ community }: { community: CommunityView }) {
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <div className="grid gap-5 rounded-xl border bg-card p-4 text-card-foreground sm:p-6">
      {community.description ? (
        <p className="whitespace-pre-line">{community.description}</p>
      ) : (
        <p className="text-muted-foreground">{t('communities.about.noDescription')}</p>
      )}
      {community.interests.length > 0 && (
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">{t('communities.about.topics')}</h3>
          <ul aria-label={t('communities.about.topics')} className="flex flex-wrap gap-2">
            {community.interests.map((topic) => (
              <li key={topic}>
                <Badge variant="secondary">{s(topic)}</Badge>
              </li>
            ))}
          </ul>
        </div>
      )}
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Fact term={t('communities.about.visibility')} value={s(COMMUNITY_VISIBILITY_LABELS[community.visibility])} />
        <Fact term={t('communities.about.joinPolicy')} value={s(JOIN_POLICY_LABELS[community.joinPolicy])} />
        {community.city && <Fact term={t('communities.about.city')} value={s(CITY_LABELS[community.city])} />}
        <Fact term={t('communities.about.address')} value={`/${community.urlSlug}`} />
        {community.creator && <Fact term={t('communities.about.createdBy')} value={memberName(community.creator)} />}
        <Fact term={t('communities.about.since')} value={formatDay(community.createdAt)} />
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
