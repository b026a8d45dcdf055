import * as React from 'react';
import { vi } from 'vitest';
import type { CommentView, MemberSummary, MyCommunityView, Page, PostView } from '@bayclub/shared';
import { makeMe } from '#/test/fixtures';
import { renderInProviders } from '#/test/render-app';

// Test data and helpers for the posts tests.

let seq = 0;
const nextId = (prefix: string) => {
  seq += 1;
  return `${prefix}-4000-8000-${String(seq).padStart(12, '0')}`;
};

export const ME = makeMe();
export const ME_MEMBER: MemberSummary = {
  id: ME.user.id,
  fullName: 'Sam Rivera',
  username: 'sam',
  profilePictureUrl: null,
  isVerified: false,
  age: 30,
  city: 'tampa',
};

export function makeMember(overrides: Partial<MemberSummary> = {}): MemberSummary {
  return { id: nextId('3c4d5e6f-0000'), fullName: 'Ana Lopez', username: 'ana', profilePictureUrl: null, isVerified: false, age: 29, city: 'tampa', ...overrides };
}

export function makePost(overrides: Partial<PostView> = {}): PostView {
  return {
    id: nextId('4d5e6f70-0000'),
    author: makeMember(),
    community: null,
    content: 'Hello bay',
    images: [],
    likeCount: 0,
    commentCount: 0,
    likedByMe: false,
    createdAt: '2025-03-02T10:00:00.000Z',
    editedAt: null,
    canEdit: false,
    canDelete: false,
    hidden: false,
    ...overrides,
  };
}

export function makeComment(overrides: Partial<CommentView> = {}): CommentView {
  return {
    id: nextId('5e6f7081-0000'),
    postId: 'post',
    parentId: null,
    author: makeMember(),
    content: 'Nice one',
    createdAt: '2025-03-02T11:00:00.000Z',
    editedAt: null,
    canEdit: false,
    canDelete: false,
    replyCount: 0,
    replies: [],
    ...overrides,
  };
}

export function makeMyCommunity(id: string, name: string, status: 'active' | 'pending' = 'active'): MyCommunityView {
  return {
    community: {
      id,
      name,
      urlSlug: name.toLowerCase().replace(/\s+/g, '-'),
      description: '',
      city: null,
      visibility: 'public',
      joinPolicy: 'open',
      memberCount: 3,
      coverUrl: null,
      avatarUrl: null,
    },
    status,
    role: 'member',
  };
}

export const page = <T,>(items: T[], nextCursor: string | null = null): Page<T> => ({ items, nextCursor });

/** Resolves a handler's answer when the test says so. */
export function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

/** An IntersectionObserver the test drives: `intersectAll()` tells every observer its element came into view. */
export function stubIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; elements: Element[] }>();
  class FakeObserver {
    private entry: { callback: IntersectionObserverCallback; elements: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: [] };
      observers.add(this.entry);
    }
    observe(el: Element) {
      this.entry.elements.push(el);
    }
    unobserve() {}
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    intersectAll() {
      for (const o of [...observers]) {
        const entries = o.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
        o.callback(entries, o as unknown as IntersectionObserver);
      }
    },
    get count() {
      return observers.size;
    },
  };
}

/** Render one component inside the app's providers (session from the mocked /api/me), at a community's page. */
export const renderWithProviders = (element: React.ReactElement) => renderInProviders(element, '/community/c1');
