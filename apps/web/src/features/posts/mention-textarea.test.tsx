import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberSummary } from '@bayclub/shared';
import { json, mockApi, renderInProviders, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { EditPostDialog } from './edit-post-dialog';
import { MentionTextarea } from './mention-textarea';
import { makePost } from './post-fixtures';

const LOAD = { timeout: 5000 };

const member = (n: number, username: string, fullName: string): MemberSummary => ({
  id: `30000000-0000-4000-8000-00000000000${n}`,
  fullName,
  username,
  profilePictureUrl: null,
  isVerified: false,
  age: null,
  city: null,
});
const ABBY = member(1, 'abby', 'Abby Lane');
const ABE = member(2, 'abe_t', 'Abe Torres');

function Harness() {
  const [value, setValue] = React.useState('');
  return (
    <>
      <label htmlFor="body">Post</label>
      <MentionTextarea id="body" value={value} onValueChange={setValue} scope={{ communityId: null }} />
      <output data-testid="value">{value}</output>
    </>
  );
}

/** The edit dialog, open, the way a post card holds it. */
function EditHarness() {
  const [open, setOpen] = React.useState(true);
  return <EditPostDialog post={makePost({ content: '', canEdit: true })} open={open} onOpenChange={setOpen} />;
}

function setup(element: React.ReactElement = <Harness />) {
  const fetchMock = mockApi({
    ...signedInAs(makeMe()),
    'GET /api/mentions': ({ url }) => {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      return json({ items: [ABBY, ABE].filter((m) => m.username!.startsWith(q)) });
    },
  });
  renderInProviders(element);
  return { fetchMock, user: userEvent.setup() };
}

describe('MentionTextarea', () => {
  it('suggests members while @ab is typed, in a named listbox the textarea controls', async () => {
    const { fetchMock, user } = setup();
    await user.type(await screen.findByRole('textbox', { name: 'Post' }, LOAD), 'Hi @ab');
    const list = await screen.findByRole('listbox', { name: 'Mention a member' }, LOAD);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['@abbyAbby Lane', '@abe_tAbe Torres']);
    expect(screen.getByRole('option', { name: /@abby/ })).toHaveAttribute('aria-selected', 'true');
    const textbox = screen.getByRole('textbox', { name: 'Post' });
    expect(textbox).toHaveAttribute('aria-autocomplete', 'list');
    expect(textbox).toHaveAttribute('aria-controls', list.id);
    expect(textbox).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/mentions?q=ab'))).toBe(true);
  });

  it('asks once typing pauses, not once per key', async () => {
    const { fetchMock, user } = setup();
    await user.type(await screen.findByRole('textbox', { name: 'Post' }, LOAD), 'Hi @abby');
    await screen.findByRole('option', { name: /@abby/ }, LOAD);
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/mentions'));
    expect(asked).toEqual(['/api/mentions?q=abby']);
  });

  it("ArrowDown then Enter inserts '@username ' and closes the list", async () => {
    const { user } = setup();
    const textbox = await screen.findByRole('textbox', { name: 'Post' }, LOAD);
    await user.type(textbox, 'Hi @ab');
    await screen.findByRole('listbox', {}, LOAD);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /@abe_t/ })).toHaveAttribute('aria-selected', 'true');
    expect(textbox).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /@abe_t/ }).id);
    await user.keyboard('{Enter}');
    expect(textbox).toHaveValue('Hi @abe_t ');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(textbox).not.toHaveAttribute('aria-controls');
  });

  it('Escape closes the suggestions and leaves the text alone; Enter then types a newline', async () => {
    const { user } = setup();
    const textbox = await screen.findByRole('textbox', { name: 'Post' }, LOAD);
    await user.type(textbox, '@ab');
    await screen.findByRole('listbox', {}, LOAD);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(textbox).toHaveValue('@ab');
    await user.keyboard('{Enter}');
    expect(textbox).toHaveValue('@ab\n');
  });

  it('Escape in a dialog closes the suggestions and leaves the dialog open; a second Escape closes the dialog', async () => {
    const { user } = setup(<EditHarness />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' }, LOAD);
    const textbox = screen.getByRole('textbox', { name: 'Post text' });
    await user.type(textbox, '@a');
    await screen.findByRole('listbox', {}, LOAD);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(dialog).toBeInTheDocument();
    expect(textbox).toHaveFocus();
    expect(textbox).toHaveValue('@a');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
