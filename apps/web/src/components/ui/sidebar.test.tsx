import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { TooltipProvider } from './tooltip';
import { Sidebar, SidebarProvider, SidebarTrigger, readSidebarCookie } from './sidebar';

function renderSidebar() {
  return render(
    <TooltipProvider>
      <SidebarProvider>
        <Sidebar data-testid="side-menu">menu</Sidebar>
        <SidebarTrigger />
      </SidebarProvider>
    </TooltipProvider>,
  );
}
const rootState = () => screen.getByTestId('side-menu').closest('[data-state]')?.getAttribute('data-state');

describe('sidebar', () => {
  it('starts open, and Ctrl+b / Cmd+b toggle it, keeping the state in a 7-day cookie', () => {
    renderSidebar();
    expect(rootState()).toBe('expanded');
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(rootState()).toBe('collapsed');
    expect(document.cookie).toContain('sidebar_state=false');
    expect(readSidebarCookie()).toBe(false);
    fireEvent.keyDown(window, { key: 'b', metaKey: true });
    expect(rootState()).toBe('expanded');
    expect(document.cookie).toContain('sidebar_state=true');
    fireEvent.keyDown(window, { key: 'b' });
    expect(rootState()).toBe('expanded');
  });

  it('reads the cookie at start', () => {
    document.cookie = 'sidebar_state=false; path=/';
    renderSidebar();
    expect(rootState()).toBe('collapsed');
    expect(screen.getByTestId('side-menu').closest('[data-collapsible]')).toHaveAttribute('data-collapsible', 'icon');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    expect(rootState()).toBe('expanded');
  });
});
