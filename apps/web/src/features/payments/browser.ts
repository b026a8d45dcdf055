/**
 * Leaving the page for Stripe. One object, so tests can stand in for the browser (jsdom cannot navigate).
 */
export const pageNavigation = {
  /** Same tab: Checkout (Stripe's hosted page, or the local double's). */
  assign: (url: string) => window.location.assign(url),
};

export interface PendingTab {
  /** Point the tab at the address that arrived (or open one now if no tab could be opened). */
  go: (url: string) => void;
  /** Nothing to show after all: close the blank tab. */
  close: () => void;
}

/**
 * A new tab for Stripe's onboarding or dashboard, opened in the click itself so popup blockers allow it (the
 * address only arrives with the server's answer). When the browser refused it, the address opens in a new tab
 * once known, without access back to this page.
 */
export function openPendingTab(): PendingTab {
  const tab = window.open('', '_blank');
  // The page Stripe loads there must not reach back into ours (what 'noopener' does for a direct open).
  if (tab) tab.opener = null;
  return {
    go: (url) => {
      if (tab && !tab.closed) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    },
    close: () => tab?.close(),
  };
}
