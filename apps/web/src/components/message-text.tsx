import { Link } from 'react-router';
import { splitLinks, splitMentions } from '@bayclub/shared';

/** Rel of every link a member wrote: no access to this page, no referrer, and no ranking credit. */
export const MEMBER_LINK_REL = 'noopener noreferrer nofollow ugc';

/**
 * A message's text, rendered as text only: http(s) links become anchors, nothing is ever parsed as HTML.
 * `mentions`: the usernames the server resolved for this reader (issue 21); those @names link to the member's
 * profile, any other @name stays text (it reveals nothing about a member the reader may not see).
 */
export function MessageText({ content, mentions = [] }: { content: string; mentions?: readonly string[] }) {
  return (
    <p className="break-words whitespace-pre-wrap">
      {splitLinks(content).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.text} target="_blank" rel={MEMBER_LINK_REL} className="underline underline-offset-2">
            {part.text}
          </a>
        ) : (
          splitMentions(part.text, mentions).map((piece, j) =>
            'username' in piece ? (
              <Link key={`${i}-${j}`} to={`/${piece.username}`} className="font-medium text-primary underline-offset-2 hover:underline">
                {piece.text}
              </Link>
            ) : (
              <span key={`${i}-${j}`}>{piece.text}</span>
            ),
          )
        ),
      )}
    </p>
  );
}
