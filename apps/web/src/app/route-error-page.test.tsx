import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { OFFLINE_PAGE_BODY, OFFLINE_PAGE_TITLE, RouteErrorPage } from './route-error-page';

describe('the route error page', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.unstubAllGlobals();
  });

  it('offline, says the page was not saved and opens it once the connection returns', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    onlineManager.setOnline(false);
    render(<RouteErrorPage />);
    expect(screen.getByRole('heading', { name: OFFLINE_PAGE_TITLE })).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_PAGE_BODY)).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    act(() => onlineManager.setOnline(true));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('online, is the last-resort error with Reload', () => {
    render(<RouteErrorPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
