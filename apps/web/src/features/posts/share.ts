import { postPath, postPreview } from '@bayclub/shared';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Share a post: the Web Share API where the browser has it (phones), else copy the link to the post's own page.
 * The link opens only for members who can read the post; the server decides.
 */
export async function sharePost(post: { id: string; content: string }): Promise<ShareOutcome> {
  const url = new URL(postPath(post.id), window.location.origin).href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ text: postPreview(post.content), url });
      return 'shared';
    } catch (error) {
      // The member closed the share sheet: nothing to tell them.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
