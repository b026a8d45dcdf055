import { splitLinks } from '@bayclub/shared';

/** Rel of every link a member wrote: no access to this page, no referrer, and no ranking credit. */
export const MEMBER_LINK_REL = 'noopener noreferrer nofollow ugc';

/** A message's text, rendered as text only: http(s) links become anchors, nothing is ever parsed as HTML. */
export function MessageText({ content }: { content: string }) {
  return (
    <p className="break-words whitespace-pre-wrap">
      {splitLinks(content).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.text} target="_blank" rel={MEMBER_LINK_REL} className="underline underline-offset-2">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
