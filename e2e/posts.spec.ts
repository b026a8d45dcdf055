import type { Page } from '@playwright/test';
import { POST_MESSAGES } from '@bayclub/shared';
import { test, expect, applyViaApi, newApplicant, signInViaUi, bottomTabs } from './support/fixtures';
import { approvedMember, memberApi, photoFile } from './support/members';
import {
  approveApplication,
  createCommunity,
  createPost,
  expectAccessibleAtBothSizes,
  joinCommunity,
  memberContext,
  putSettings,
  uniqueCommunity,
} from './support/communities';

/** The card of the post whose text contains `text`. */
const postCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test('A posts a photo in a community; B sees the new-posts pill, likes and comments live, and shares the link', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const a = await approvedMember(playwright, baseURL!, 'posta');
  const b = await approvedMember(playwright, baseURL!, 'postb');
  const apiA = await memberApi(playwright, baseURL!, a.email, a.password);
  const apiB = await memberApi(playwright, baseURL!, b.email, b.password);
  const names = uniqueCommunity('Pier Photographers');
  const community = await createCommunity(apiA, names);
  await joinCommunity(apiB, community.id);

  const ctxA = await memberContext(browser);
  // B copies links: clipboard allowed, and no Web Share API (as on a desktop browser without it).
  const ctxB = await memberContext(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
  await ctxB.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
  const pageA = await ctxA.newPage();
  const pageB = await ctxB.newPage();
  await signInViaUi(pageA, a.email, a.password);
  await signInViaUi(pageB, b.email, b.password);

  // B reads Home.
  await pageB.goto('/community');
  await expect(pageB.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await expect(pageB.getByRole('form', { name: 'New post' })).toBeVisible();
  // Other journeys on this server post to the member-wide feed: Home shows their posts, or says it is empty.
  const feed = pageB.getByRole('list', { name: 'Posts' }).or(pageB.getByText(POST_MESSAGES.emptyFeed));
  await expect(feed).toBeVisible();
  await expectAccessibleAtBothSizes(pageB, () => expect(feed).toBeVisible());

  // A writes in the community's Posts tab and adds a photo through the composer's file picker.
  await pageA.goto(`/community/${community.id}`);
  const composer = pageA.getByRole('form', { name: 'New post' });
  await composer.getByRole('textbox', { name: `Write a post in ${names.name}` }).fill('Golden hour at the pier tonight');
  const chooser = pageA.waitForEvent('filechooser');
  await composer.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles(await photoFile('pier-sunset.jpg', { r: 240, g: 140, b: 40 }));
  await expect(composer.getByText('1 of 1 photos ready')).toBeVisible({ timeout: 20_000 });
  await expectAccessibleAtBothSizes(pageA, () => expect(composer.getByRole('img', { name: 'Photo 1: pier-sunset.jpg' })).toBeVisible());
  await composer.getByRole('button', { name: POST_MESSAGES.post, exact: true }).click();
  const mine = postCard(pageA, 'Golden hour at the pier tonight');
  await expect(mine).toBeVisible();
  await expect(composer.getByRole('textbox')).toHaveValue('');
  await expect(mine.getByRole('button', { name: 'Open photo 1 of 1' })).toBeVisible();

  // B's Home does not jump: a pill says a post arrived; pressing it shows the post with its photo.
  const pill = pageB.getByRole('button', { name: POST_MESSAGES.newPosts(1) });
  await expect(pill).toBeVisible();
  await expect(postCard(pageB, 'Golden hour at the pier tonight')).toHaveCount(0);
  await expectAccessibleAtBothSizes(pageB, () => expect(pill).toBeVisible());
  await pill.click();
  const post = postCard(pageB, 'Golden hour at the pier tonight');
  await expect(post).toBeVisible();
  await expect(pill).toHaveCount(0);
  await expect(post.getByRole('link', { name: names.name })).toBeVisible();
  const photo = post.getByRole('button', { name: 'Open photo 1 of 1' }).locator('img');
  await expect(photo).toHaveAttribute('src', /\/media\/post-images\/posts\//);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // B likes it: A's count moves live and A is told.
  await post.getByRole('button', { name: 'Like, 0 likes' }).click();
  await expect(post.getByRole('button', { name: 'Like, 1 like' })).toHaveAttribute('aria-pressed', 'true');
  await expect(mine.getByRole('button', { name: 'Like, 1 like' })).toBeVisible();
  await expect(pageA.getByText(`${b.name} liked your post`)).toBeVisible();

  // B comments: A's comment count moves live and A is told.
  await post.getByRole('button', { name: 'Comments, 0 comments' }).click();
  const comments = post.getByRole('region', { name: 'Comments' });
  await expect(comments.getByText('No comments yet.')).toBeVisible();
  await comments.getByRole('textbox', { name: 'Write a comment' }).fill('The colours! Which lens?');
  await comments.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(comments.getByText('The colours! Which lens?')).toBeVisible();
  await expect(post.getByRole('button', { name: 'Comments, 1 comment' })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Comments, 1 comment' })).toBeVisible();
  await expect(pageA.getByText(`${b.name} commented on your post`)).toBeVisible();
  await expectAccessibleAtBothSizes(pageA, () => expect(mine.getByRole('button', { name: 'Comments, 1 comment' })).toBeVisible());
  await expectAccessibleAtBothSizes(pageB, () => expect(comments.getByText('The colours! Which lens?')).toBeVisible());

  // B shares: no Web Share API here, so the link to the post's own page is copied.
  await post.getByRole('button', { name: 'Share' }).click();
  await expect(pageB.getByText(POST_MESSAGES.linkCopied)).toBeVisible();
  const link = await pageB.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${baseURL}/community/posts/[0-9a-f-]{36}$`));

  // The link opens the post's page with its comments, for B and for A.
  for (const page of [pageB, pageA]) {
    await page.goto(link);
    const card = postCard(page, 'Golden hour at the pier tonight');
    await expect(card).toBeVisible();
    await expect(card.getByRole('region', { name: 'Comments' }).getByText('The colours! Which lens?')).toBeVisible();
    await expect(page.getByRole('link', { name: names.name }).first()).toBeVisible();
  }
  await expectAccessibleAtBothSizes(pageA, () => expect(postCard(pageA, 'Golden hour at the pier tonight')).toBeVisible());

  await ctxA.close();
  await ctxB.close();
  await apiA.dispose();
  await apiB.dispose();
});

test('a limited member sees what its flags allow; an admin turns liking and commenting on and the controls appear', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const creator = await approvedMember(playwright, baseURL!, 'limcr');
  const creatorApi = await memberApi(playwright, baseURL!, creator.email, creator.password);
  const names = uniqueCommunity('Bayshore Walkers');
  const community = await createCommunity(creatorApi, names);
  await createPost(creatorApi, community.id, 'Saturday walk: meet at the Bayshore steps at 8');

  // An applicant approved as a community member (limited), in the community; the flags are the defaults.
  const setupApi = await playwright.request.newContext({ baseURL });
  const member = await applyViaApi(setupApi, newApplicant('limited'));
  await setupApi.dispose();
  await approveApplication(playwright, baseURL!, member.email, { accountType: 'community_only' });
  const memberApiCtx = await memberApi(playwright, baseURL!, member.email, member.password);
  await joinCommunity(memberApiCtx, community.id);

  const context = await memberContext(browser, { viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/profile$/);

  try {
    // Community, Locations and Profile tabs; no Connect. Home (see_feed_nav) is not theirs.
    const tabs = bottomTabs(page);
    await expect(tabs.getByRole('link', { name: /^Community/ })).toBeVisible();
    await expect(tabs.getByRole('link', { name: /^Connect/ })).toHaveCount(0);
    await page.goto('/community');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    // The Community tab: their community, Browse all (see_communities_nav), no Create (create_communities off).
    await bottomTabs(page).getByRole('link', { name: /^Community/ }).click();
    await expect(page).toHaveURL(/\/groups$/);
    const mine = page.getByRole('region', { name: 'Your communities' });
    await expect(mine.getByRole('link', { name: names.name, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse all' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
    await expectAccessibleAtBothSizes(page, () => expect(mine).toBeVisible());

    // In the community: Posts, Members and About (no Reported); a text composer without photos; the post with
    // its like count but no Like, comments without a form, and no Share.
    await page.setViewportSize({ width: 390, height: 844 });
    await mine.getByRole('link', { name: names.name, exact: true }).click();
    await expect(page.getByRole('heading', { name: names.name, level: 1 })).toBeVisible();
    for (const name of ['Posts', 'Members', 'About']) await expect(page.getByRole('tab', { name })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Reported' })).toHaveCount(0);
    const composer = page.getByRole('form', { name: 'New post' });
    await expect(composer.getByRole('textbox', { name: `Write a post in ${names.name}` })).toBeVisible();
    await expect(composer.getByRole('button', { name: 'Add photos' })).toHaveCount(0);
    const post = postCard(page, 'Saturday walk: meet at the Bayshore steps at 8');
    await expect(post.getByText('0 likes')).toBeVisible();
    await expect(post.getByRole('button', { name: /^Like/ })).toHaveCount(0);
    await expect(post.getByRole('button', { name: 'Share' })).toHaveCount(0);
    await post.getByRole('button', { name: 'Comments, 0 comments' }).click();
    await expect(post.getByRole('region', { name: 'Comments' }).getByText('No comments yet.')).toBeVisible();
    await expect(post.getByRole('textbox', { name: 'Write a comment' })).toHaveCount(0);
    await expectAccessibleAtBothSizes(page, () => expect(post.getByRole('region', { name: 'Comments' })).toBeVisible());

    // An admin turns like_posts and comment_posts on; after a reload the controls are there and work.
    await putSettings(playwright, baseURL!, { limited_users_can_like_posts: 'true', limited_users_can_comment_posts: 'true' });
    await page.reload();
    await expect(post.getByRole('button', { name: 'Like, 0 likes' })).toBeVisible();
    await post.getByRole('button', { name: 'Like, 0 likes' }).click();
    await expect(post.getByRole('button', { name: 'Like, 1 like' })).toHaveAttribute('aria-pressed', 'true');
    await post.getByRole('button', { name: 'Comments, 0 comments' }).click();
    const comments = post.getByRole('region', { name: 'Comments' });
    await comments.getByRole('textbox', { name: 'Write a comment' }).fill('Count me in!');
    await comments.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(comments.getByText('Count me in!')).toBeVisible();
    await expect(post.getByRole('button', { name: 'Share' })).toHaveCount(0);
    await expectAccessibleAtBothSizes(page, () => expect(comments.getByText('Count me in!')).toBeVisible());
  } finally {
    // Put the flags back for the other journeys.
    await putSettings(playwright, baseURL!, { limited_users_can_like_posts: 'false', limited_users_can_comment_posts: 'false' });
  }
  await context.close();
  await creatorApi.dispose();
  await memberApiCtx.dispose();
});
