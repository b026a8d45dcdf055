import type { CommunityViewerState } from '@bayclub/shared';

/**
 * A community's Posts tab (composer for members, then its posts) and the moderators' Reported tab. Placeholders
 * until the posts feature lands; the community page renders them.
 */
export function CommunityPosts(_props: { communityId: string; viewer: CommunityViewerState }) {
  return <p className="text-muted-foreground p-4">Posts</p>;
}

export function ReportedPosts(_props: { communityId: string }) {
  return <p className="text-muted-foreground p-4">Reported posts</p>;
}
