import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, renderApp, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { OWN_ID, makeImages } from './gallery-fixtures';

/** Whole-app renders can take a few seconds while other test files run. */
const LOAD = { timeout: 5000 };

async function openViewerOn(name: string) {
  const items = makeImages(3, (i) => ['Boat', 'Pier', null][i]!);
  mockApi({ ...signedInAs(makeMe()), [`GET /api/profiles/${OWN_ID}/images`]: () => json({ items }) });
  const user = userEvent.setup();
  renderApp('/profile');
  await user.click(await screen.findByRole('button', { name }, LOAD));
  const dialog = await screen.findByRole('dialog');
  return { user, items, dialog };
}

const position = () => screen.getByTestId('photo-viewer-position').textContent;

describe('photo viewer', () => {
  it('shows the large variant with its caption and position', async () => {
    const { dialog, items } = await openViewerOn('Pier');
    expect(dialog).toHaveAccessibleName('Pier');
    expect(within(dialog).getByRole('img', { name: 'Pier' })).toHaveAttribute('src', items[1]!.imageUrl);
    expect(position()).toBe('2 / 3');
  });

  it('moves with the arrow keys (wrapping around) and the buttons, and Escape closes back to the thumbnail', async () => {
    const { user, dialog } = await openViewerOn('Pier');
    await user.keyboard('{ArrowRight}');
    expect(dialog).toHaveAccessibleName('Photo 3 of 3');
    expect(position()).toBe('3 / 3');
    await user.keyboard('{ArrowRight}');
    expect(dialog).toHaveAccessibleName('Boat');
    await user.keyboard('{ArrowLeft}');
    expect(position()).toBe('3 / 3');
    await user.click(within(dialog).getByRole('button', { name: 'Previous photo' }));
    expect(position()).toBe('2 / 3');
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(position()).toBe('3 / 3');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus returns to the thumbnail of the photo last shown.
    expect(screen.getByRole('button', { name: 'Photo 3 of 3' })).toHaveFocus();
  });

  it('turns the page with a sideways swipe (pointer events: touch, pen or mouse)', async () => {
    await openViewerOn('Boat');
    const swipe = (from: number, to: number, dy = 0) => {
      const stage = screen.getByTestId('photo-viewer-stage');
      fireEvent.pointerDown(stage, { pointerId: 1, clientX: from, clientY: 300 });
      fireEvent.pointerUp(stage, { pointerId: 1, clientX: to, clientY: 300 + dy });
    };
    swipe(250, 100);
    expect(position()).toBe('2 / 3');
    swipe(100, 260);
    expect(position()).toBe('1 / 3');
    // A small movement is a tap, not a swipe; a mostly vertical one does not turn the page.
    swipe(100, 120);
    expect(position()).toBe('1 / 3');
    swipe(100, 160, -200);
    expect(position()).toBe('1 / 3');
    // A swipe the browser took over (pointercancel) does nothing.
    const stage = screen.getByTestId('photo-viewer-stage');
    fireEvent.pointerDown(stage, { pointerId: 2, clientX: 250, clientY: 300 });
    fireEvent.pointerCancel(stage, { pointerId: 2 });
    fireEvent.pointerUp(stage, { pointerId: 2, clientX: 50, clientY: 300 });
    expect(position()).toBe('1 / 3');
  });

  it('lets two fingers zoom the photo: a pinch never turns the page', async () => {
    await openViewerOn('Boat');
    const stage = screen.getByTestId('photo-viewer-stage');
    expect(stage).toHaveClass('[touch-action:pinch-zoom]');
    // Two fingers down; the second moves far right and lifts first, then the first.
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 200, clientY: 300 });
    fireEvent.pointerDown(stage, { pointerId: 2, clientX: 250, clientY: 300 });
    fireEvent.pointerUp(stage, { pointerId: 2, clientX: 400, clientY: 300 });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 50, clientY: 300 });
    expect(position()).toBe('1 / 3');
    // Once both are lifted, one finger swipes again.
    fireEvent.pointerDown(stage, { pointerId: 3, clientX: 250, clientY: 300 });
    fireEvent.pointerUp(stage, { pointerId: 3, clientX: 100, clientY: 300 });
    expect(position()).toBe('2 / 3');
  });

  it('closes with a swipe down, back to the thumbnail', async () => {
    await openViewerOn('Pier');
    const stage = screen.getByTestId('photo-viewer-stage');
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 200, clientY: 200 });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 210, clientY: 360 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Pier' })).toHaveFocus();
  });

  it('fills the screen on phones (below 768 px), a dialog above', async () => {
    const { dialog } = await openViewerOn('Boat');
    for (const cls of ['max-md:inset-0', 'max-md:h-dvh', 'max-md:w-full', 'max-md:max-w-none', 'max-md:rounded-none', 'md:max-w-3xl']) {
      expect(dialog).toHaveClass(cls);
    }
  });

  it('closes with the Close button', async () => {
    const { user, dialog } = await openViewerOn('Boat');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Boat' })).toHaveFocus();
  });
});
