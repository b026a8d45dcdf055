import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_TYPES, type SearchTab } from '@bayclub/shared';
import { SearchTabs } from './search-tabs';

const counts = Object.fromEntries(SEARCH_TYPES.map((t) => [t, 3])) as Record<(typeof SEARCH_TYPES)[number], number>;

/** Gives the tab list a layout jsdom does not compute: `visible` px of `total`, scrolled to `left`. */
function layout(el: HTMLElement, total: number, visible: number, left = 0) {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: total });
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: visible });
  Object.defineProperty(el, 'scrollLeft', { configurable: true, writable: true, value: left });
}

describe('SearchTabs', () => {
  it('has a tab per type, Places last, each reachable with the arrow keys', async () => {
    const onTab = vi.fn<(t: SearchTab) => void>();
    render(<SearchTabs tab="all" onTab={onTab} counts={counts}>results</SearchTabs>);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['All15', 'Users3', 'Communities3', 'Events3', 'Posts3', 'Places3']);
    tabs[0]!.focus();
    const user = userEvent.setup();
    for (let i = 0; i < 5; i++) await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Places/ })).toHaveFocus();
    expect(onTab).toHaveBeenLastCalledWith('place');
  });

  it('marks the edge that has more tabs behind it as the row scrolls (the fade edges)', () => {
    render(<SearchTabs tab="all" onTab={() => {}} counts={counts}>results</SearchTabs>);
    const list = screen.getByRole('tablist', { name: 'Result types' });
    expect(list).toHaveClass('overflow-x-auto');
    layout(list, 520, 360, 0);
    fireEvent.scroll(list);
    expect(list).toHaveAttribute('data-more-after');
    expect(list).not.toHaveAttribute('data-more-before');
    expect(list.className).toContain('mask-image');
    layout(list, 520, 360, 160);
    fireEvent.scroll(list);
    expect(list).toHaveAttribute('data-more-before');
    expect(list).not.toHaveAttribute('data-more-after');
    layout(list, 360, 360, 0);
    fireEvent.scroll(list);
    expect(list.className).not.toContain('mask-image');
  });
});
