import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { json, mockApi, renderApp } from '#/test/render-app';

/** Whole-app renders can take a few seconds while other test files run. */
const LOAD = { timeout: 5000 };

describe('landing page', () => {
  it("scrolls 'Apply for membership' to the card with its heading, clear of the sticky top menu", async () => {
    mockApi({ 'GET /api/landing/stats': () => json({ members: 10, applications: 2 }) });
    renderApp('/');
    const button = await screen.findByRole('link', { name: 'Apply for membership' }, LOAD);
    expect(button).toHaveAttribute('href', '#apply');
    const target = document.getElementById('apply')!;
    // The target holds the heading and the form, so the heading is what lands at the top...
    expect(within(target).getByRole('heading', { name: 'Apply for membership' })).toBeInTheDocument();
    expect(await within(target).findByRole('form', { name: 'Membership application' }, LOAD)).toBeInTheDocument();
    // ...below the top menu: two rows on phones, one from 640 px.
    expect(target).toHaveClass('scroll-mt-28', 'sm:scroll-mt-20');
  });
});
