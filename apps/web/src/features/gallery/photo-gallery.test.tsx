import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '#/app/providers';
import { createQueryClient } from '#/lib/query-client';
import userEvent from '@testing-library/user-event';
import { GALLERY_MESSAGES, LIMITS, type ProfileImageView } from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, signedInAs, type Handler } from '#/test/render-app';
import { makeFlags, makeMe } from '#/test/fixtures';
import { REORDER_FAILED_MESSAGE } from './api';
import { OTHER_ID, OWN_ID, makeImages } from './gallery-fixtures';
import { PhotoGallery } from './photo-gallery';

/** Whole-app renders can take a few seconds while other test files run. */
const LOAD = { timeout: 5000 };

const IMAGES = `GET /api/profiles/${OWN_ID}/images`;

function galleryApi(items: ProfileImageView[], extra: Record<string, Handler> = {}, me = makeMe()) {
  return mockApi({ ...signedInAs(me), [IMAGES]: () => json({ items }), ...extra });
}

async function openGallery() {
  const utils = renderApp('/profile');
  const grid = await screen.findByRole('list', { name: 'Photos' }, LOAD);
  return { ...utils, grid };
}

const slots = (grid: HTMLElement) => [...grid.querySelectorAll('[data-slot="gallery-slot"]')];
const order = (grid: HTMLElement) =>
  slots(grid)
    .map((slot) => slot.querySelector('img')?.getAttribute('alt'))
    .filter(Boolean);

/** Resolves a handler's answer when the test says so. */
function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

describe('gallery grid', () => {
  it('shows the photos (medium variant) in 3 columns, then one Add photos tile with the count: no empty slots', async () => {
    galleryApi(makeImages(3, (i) => (i === 1 ? 'Beach day' : null)));
    const { grid } = await openGallery();
    expect(grid).toHaveClass('grid-cols-3');
    expect(slots(grid).map((s) => s.getAttribute('data-state'))).toEqual(['filled', 'filled', 'filled', 'add']);
    expect(order(grid)).toEqual(['Photo 1 of 3', 'Beach day', 'Photo 3 of 3']);
    const first = within(grid).getByRole('img', { name: 'Photo 1 of 3' });
    expect(first.getAttribute('src')).toMatch(/-480\.webp$/);
    const add = within(grid).getByRole('button', { name: 'Add photos' });
    expect(add).toHaveAccessibleDescription('3/12 photos');
    expect(add).toHaveTextContent('3/12');
    expect(grid.querySelector('[data-state="empty"]')).toBeNull();
  });

  it('opens the upload dialog from the Add photos tile, also from an empty gallery', async () => {
    galleryApi([]);
    const user = userEvent.setup();
    const { grid } = await openGallery();
    expect(slots(grid)).toHaveLength(1);
    const add = within(grid).getByRole('button', { name: 'Add photos' });
    expect(add).toHaveAccessibleDescription('0/12 photos');
    await user.click(add);
    expect(await screen.findByRole('dialog', { name: 'Add photos' })).toBeInTheDocument();
  });

  it("shows another member's photos only: no empty slots, no Add photos, no options", async () => {
    mockApi({ ...signedInAs(makeMe()), [`GET /api/profiles/${OTHER_ID}/images`]: () => json({ items: makeImages(2) }) });
    const queryClient = createQueryClient();
    const router = createMemoryRouter([{ path: '/', element: <PhotoGallery profileId={OTHER_ID} isOwner={false} /> }]);
    render(
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
    );
    const grid = await screen.findByRole('list', { name: 'Photos' }, LOAD);
    expect(slots(grid).map((s) => s.getAttribute('data-state'))).toEqual(['filled', 'filled']);
    expect(screen.queryByRole('button', { name: 'Add photos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Options for/ })).not.toBeInTheDocument();
  });

  it('keeps the options button small, round and in the corner, over the photo', async () => {
    galleryApi(makeImages(1, () => 'Boat'));
    await openGallery();
    const options = screen.getByRole('button', { name: 'Options for Boat' });
    expect(options).toHaveClass('absolute', 'top-1', 'right-1', 'size-6', 'rounded-full');
    // The visible dot is 24 px; a transparent ::after extends the touch target by 8 px on each side (40 px).
    expect(options.className).toMatch(/after:-inset-2/);
    expect(options).not.toHaveClass('size-8');
  });

  it('shows skeletons while loading', async () => {
    mockApi({ ...signedInAs(makeMe()), [IMAGES]: () => new Promise<Response>(() => {}) });
    const { container } = renderApp('/profile');
    expect(await screen.findByText('Loading photos...')).toHaveAttribute('role', 'status');
    expect(container.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(6);
  });

  it('lets a limited member without upload_images only look', async () => {
    galleryApi(makeImages(2), {}, makeMe({ accountType: 'community_only', applicationStatus: 'approved' }));
    await openGallery();
    expect(screen.queryByRole('button', { name: 'Add photos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Options for/ })).not.toBeInTheDocument();
  });

  it('lets a limited member with upload_images edit', async () => {
    galleryApi(makeImages(2), { 'GET /api/permissions': () => json({ flags: makeFlags({ upload_images: true }) }) }, makeMe({ accountType: 'community_only', applicationStatus: 'approved' }));
    await openGallery();
    expect(await screen.findByRole('button', { name: 'Add photos' })).toBeEnabled();
  });

  it('says the gallery is full at 12, with no Add photos tile', async () => {
    galleryApi(makeImages(12));
    const { grid } = await openGallery();
    expect(slots(grid)).toHaveLength(LIMITS.galleryMaxPhotos);
    expect(screen.queryByRole('button', { name: 'Add photos' })).not.toBeInTheDocument();
    expect(screen.getByText('12/12 photos')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(GALLERY_MESSAGES.full.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeInTheDocument();
  });
});

describe('delete', () => {
  it('asks first, then deletes the photo', async () => {
    const items = makeImages(2, (i) => ['Boat', 'Pier'][i]!);
    let stored = items;
    let deleted = '';
    mockApi({
      ...signedInAs(makeMe()),
      [IMAGES]: () => json({ items: stored }),
      'DELETE /api/me/images/*': ({ url }) => {
        deleted = url;
        stored = stored.filter((i) => !url.endsWith(i.id));
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    const { grid } = await openGallery();
    await user.click(screen.getByRole('button', { name: 'Options for Boat' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete photo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this photo?' });
    expect(dialog).toHaveTextContent('"Boat" will be removed from your gallery.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(order(grid)).toEqual(['Pier']));
    expect(deleted).toBe(`/api/me/images/${items[0]!.id}`);
  });

  it("keeps the photo and says 'Failed to delete image' when the delete fails", async () => {
    const items = makeImages(2, (i) => ['Boat', 'Pier'][i]!);
    galleryApi(items, { 'DELETE /api/me/images/*': () => apiError(500, 'INTERNAL', 'Broken') });
    const user = userEvent.setup();
    const { grid } = await openGallery();
    await user.click(screen.getByRole('button', { name: 'Options for Boat' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete photo' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(GALLERY_MESSAGES.deleteFailed)).toBeInTheDocument();
    expect(order(grid)).toEqual(['Boat', 'Pier']);
  });

  it('deletes nothing on Cancel', async () => {
    const fetchMock = galleryApi(makeImages(1, () => 'Boat'));
    const user = userEvent.setup();
    await openGallery();
    await user.click(screen.getByRole('button', { name: 'Options for Boat' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete photo' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Boat' })).toHaveFocus());
  });
});

describe('reorder', () => {
  it('moves a photo at once and sends every id in the new order', async () => {
    const items = makeImages(3, (i) => ['A', 'B', 'C'][i]!);
    const answer = deferred();
    let body: unknown;
    galleryApi(items, {
      'PUT /api/me/images/order': (req) => {
        body = req.body;
        return answer.promise;
      },
    });
    const user = userEvent.setup();
    const { grid } = await openGallery();
    expect(screen.getByRole('button', { name: 'Options for A' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Options for B' }));
    expect(screen.getByRole('menuitem', { name: 'Move earlier' })).toBeEnabled();
    await user.click(screen.getByRole('menuitem', { name: 'Move earlier' }));
    // Optimistic: the new order shows before the server answers.
    expect(order(grid)).toEqual(['B', 'A', 'C']);
    expect(body).toEqual({ ids: [items[1]!.id, items[0]!.id, items[2]!.id] });
    answer.resolve(json({ items: [items[1], items[0], items[2]] }));
    await waitFor(() => expect(order(grid)).toEqual(['B', 'A', 'C']));
  });

  it('two quick moves: the second order is sent once the first is saved, and the screen never goes back', async () => {
    const items = makeImages(3, (i) => ['A', 'B', 'C'][i]!);
    const answers = [deferred(), deferred()];
    const bodies: unknown[] = [];
    galleryApi(items, {
      'PUT /api/me/images/order': (req) => {
        bodies.push(req.body);
        return answers[bodies.length - 1]!.promise;
      },
    });
    const user = userEvent.setup();
    const { grid } = await openGallery();
    for (let i = 0; i < 2; i++) {
      await user.click(screen.getByRole('button', { name: 'Options for C' }));
      await user.click(screen.getByRole('menuitem', { name: 'Move earlier' }));
    }
    expect(order(grid)).toEqual(['C', 'A', 'B']);
    // Only the first is on its way: two at once could be saved in the wrong order.
    expect(bodies).toEqual([{ ids: [items[0]!.id, items[2]!.id, items[1]!.id] }]);
    answers[0]!.resolve(json({ items: [items[0], items[2], items[1]] }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ ids: [items[2]!.id, items[0]!.id, items[1]!.id] });
    // The first answer (an older order) does not replace the newer one on screen.
    expect(order(grid)).toEqual(['C', 'A', 'B']);
    answers[1]!.resolve(json({ items: [items[2], items[0], items[1]] }));
    await waitFor(() => expect(order(grid)).toEqual(['C', 'A', 'B']));
  });

  it('puts the old order back when the server refuses', async () => {
    const items = makeImages(3, (i) => ['A', 'B', 'C'][i]!);
    galleryApi(items, { 'PUT /api/me/images/order': () => apiError(400, 'VALIDATION', 'Bad order') });
    const user = userEvent.setup();
    const { grid } = await openGallery();
    await user.click(screen.getByRole('button', { name: 'Options for A' }));
    await user.click(screen.getByRole('menuitem', { name: 'Move later' }));
    expect(await screen.findByText(REORDER_FAILED_MESSAGE)).toBeInTheDocument();
    expect(order(grid)).toEqual(['A', 'B', 'C']);
  });

  it('cannot move the first photo earlier or the last one later', async () => {
    galleryApi(makeImages(2, (i) => ['A', 'B'][i]!));
    const user = userEvent.setup();
    await openGallery();
    await user.click(screen.getByRole('button', { name: 'Options for A' }));
    expect(screen.getByRole('menuitem', { name: 'Move earlier' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Options for B' }));
    expect(screen.getByRole('menuitem', { name: 'Move later' })).toHaveAttribute('aria-disabled', 'true');
  });
});
