import type { PostImageUpload, PostView } from '@bayclub/shared';
import { injectAs, type TestApp, type TestUser } from '../../test/helpers.js';
import { photo } from '../../test/image-fixtures.js';
import { file, upload } from '../../test/multipart.js';

/** Post through the API; fails the test on any answer but 201. */
export async function createPost(
  t: TestApp,
  author: TestUser,
  input: { communityId?: string | null; content?: string; imageKeys?: string[] } = {},
): Promise<PostView> {
  const res = await injectAs(t, author, {
    method: 'POST',
    url: '/api/posts',
    payload: { communityId: input.communityId ?? null, content: input.content ?? 'Hello Bay', imageKeys: input.imageKeys ?? [] },
  });
  if (res.statusCode !== 201) throw new Error(`create post failed: ${res.statusCode} ${res.body}`);
  return res.json() as PostView;
}

/** Upload one post image through the API; fails on any answer but 201. */
export async function uploadPostImage(t: TestApp, who: TestUser, width = 64, height = 48): Promise<PostImageUpload> {
  const res = await upload(t, who, '/api/post-images', [file(await photo(width, height))]);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json() as PostImageUpload;
}

export const get = (t: TestApp, who: TestUser | null, url: string) => injectAs(t, who, { method: 'GET', url });
export const post = (t: TestApp, who: TestUser | null, url: string, payload: object = {}) => injectAs(t, who, { method: 'POST', url, payload });
export const del = (t: TestApp, who: TestUser | null, url: string) => injectAs(t, who, { method: 'DELETE', url });
export const patch = (t: TestApp, who: TestUser | null, url: string, payload: object) => injectAs(t, who, { method: 'PATCH', url, payload });

/** The ids of a page of posts. */
export const idsOf = (body: { items: Array<{ id: string }> }) => body.items.map((p) => p.id);
