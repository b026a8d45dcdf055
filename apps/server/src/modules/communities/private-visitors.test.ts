import { describe, expect, it } from 'vitest';
import { applyAs, buildTestApp, createMember, injectAs, type TestUser } from '../../test/helpers.js';
import { insertCommunity } from '../../test/communities.js';
import { createPost } from '../posts/post-fixtures.js';

// Issue 21: a private community shows visitors only what decision 014 lists (its About page): not how many posts
// it holds.

const t = await buildTestApp();
const page = (who: TestUser | null, id: string) => injectAs(t, who, { method: 'GET', url: `/api/communities/${id}` });

describe('a private community to those who may not read it', () => {
  it('visitors, applicants and non-members get no post count; its members and public communities do', async () => {
    const creator = await createMember(t);
    const privateId = await insertCommunity(t, { creatorId: creator.id, visibility: 'private' });
    const publicId = await insertCommunity(t, { creatorId: creator.id, visibility: 'public' });
    await createPost(t, creator, { communityId: privateId, content: 'Inside only' });
    await createPost(t, creator, { communityId: publicId, content: 'For all' });
    for (const who of [null, await applyAs(t), await createMember(t)]) {
      const res = await page(who, privateId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().postCount).toBeNull();
      expect((await page(who, publicId)).json().postCount).toBe(1);
    }
    expect((await page(creator, privateId)).json().postCount).toBe(1);
  });
});
