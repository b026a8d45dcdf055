import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '#/lib/query-client';
import { sessionKeys } from '#/lib/session/api';
import { makeMe } from '#/test/fixtures';
import { clearDrafts, readDraft, useDraft } from './drafts';

function Field({ place }: { place: string }) {
  const [text, setText, clear] = useDraft(place);
  return (
    <>
      <textarea aria-label="Text" value={text} onChange={(e) => setText(e.target.value)} />
      <button onClick={clear}>Clear</button>
    </>
  );
}

function renderField(place: string, memberId: string) {
  const queryClient = createQueryClient();
  const me = makeMe();
  queryClient.setQueryData(sessionKeys.me, { ...me, user: { ...me.user, id: memberId } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Field place={place} />
    </QueryClientProvider>,
  );
  const rerender = (next: string) =>
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <Field place={next} />
      </QueryClientProvider>,
    );
  return { ...view, rerender };
}

const box = () => screen.getByRole('textbox', { name: 'Text' }) as HTMLTextAreaElement;

describe('drafts', () => {
  afterEach(() => localStorage.clear());

  it('keeps the text per member and per place, shows it again, and forgets it when cleared', () => {
    const { rerender, unmount } = renderField('chat:1', 'member-a');
    fireEvent.change(box(), { target: { value: 'See you at the pier' } });
    expect(readDraft('member-a', 'chat:1')).toBe('See you at the pier');
    expect(readDraft('member-b', 'chat:1')).toBe('');

    rerender('chat:2');
    expect(box().value).toBe('');
    rerender('chat:1');
    expect(box().value).toBe('See you at the pier');
    unmount();

    renderField('chat:1', 'member-b');
    expect(box().value).toBe('');
  });

  it('a blank text removes the draft, and sign-out clears every draft', () => {
    renderField('home', 'member-a');
    fireEvent.change(box(), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(box().value).toBe('');
    expect(localStorage.getItem('bayclub:draft:member-a:home')).toBeNull();

    fireEvent.change(box(), { target: { value: 'Again' } });
    localStorage.setItem('unrelated', 'stays');
    clearDrafts();
    expect(readDraft('member-a', 'home')).toBe('');
    expect(localStorage.getItem('unrelated')).toBe('stays');
  });
});
