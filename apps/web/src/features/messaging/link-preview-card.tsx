import { useQuery } from '@tanstack/react-query';
import { linkPreviewQueryOptions } from './api';
import { MEMBER_LINK_REL } from '#/components/message-text';
import { useInView } from './use-in-view';

const isHttp = (url: string) => {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * Spec 2: the preview card under a message's first link. The server fetched it; its title, description and
 * site name are shown as text only (never HTML, never a remote image). Nothing shows while loading or when
 * there is no preview.
 */
export function LinkPreviewCard({ messageId, link }: { messageId: string; link: string }) {
  const [ref, inView] = useInView<HTMLDivElement>();
  const { data } = useQuery({ ...linkPreviewQueryOptions(messageId), enabled: inView });
  const hasText = !!(data && (data.title || data.description || data.siteName));
  const href = data && isHttp(data.url) ? data.url : link;
  return (
    <div ref={ref} data-testid="link-preview-slot">
      {data && hasText ? (
        <a
          href={href}
          target="_blank"
          rel={MEMBER_LINK_REL}
          data-testid="link-preview"
          className="mt-2 block max-w-sm rounded-lg border bg-background/80 p-3 text-left text-foreground no-underline transition-colors hover:bg-accent"
        >
          {data.siteName ? <span className="block text-xs text-muted-foreground">{data.siteName}</span> : null}
          {data.title ? <span className="block font-medium">{data.title}</span> : null}
          {data.description ? <span className="line-clamp-3 block text-sm text-muted-foreground">{data.description}</span> : null}
        </a>
      ) : null}
    </div>
  );
}
