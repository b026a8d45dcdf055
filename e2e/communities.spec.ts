import { COMMUNITY_MESSAGES } from '@bayclub/shared';
import { test, expect, applyViaApi, newApplicant, signInViaUi, expectNoA11yViolations } from './support/fixtures';
import { approvedMember, memberApi } from './support/members';
import {
  approveApplication,
  createCommunity,
  createPost,
  expectAccessibleAtBothSizes,
  joinCommunity,
  uniqueCommunity,
  userId,
  memberContext,
} from './support/communities';

test('a visitor browses the communities, applies through one, and once approved signs in to find themselves in it', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // A member has made a public, open community the visitor will find.
  const creator = await approvedMember(playwright, baseURL!, 'founder');
  const creatorApi = await memberApi(playwright, baseURL!, creator.email, creator.password);
  const names = uniqueCommunity('Sunset Kayakers');
  const community = await createCommunity(creatorApi, { ...names, description: 'Paddling the bay at dusk, every Thursday.' });

  // The visitor, signed out, opens the list of communities and searches for it as they type.
  const visitor = await memberContext(browser);
  const page = await visitor.newPage();
  await page.goto('/communities');
  await expect(page.getByRole('heading', { name: 'Communities', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(names.name.slice(0, 20));
  await expect(page).toHaveURL(/[?&]q=/);
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: names.name, exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('1 member', { exact: true })).toBeVisible();
  await expect(card.getByText('Tampa', { exact: true })).toBeVisible();
  await expectAccessibleAtBothSizes(page, () => expect(card).toBeVisible());

  // The community's page shows visitors its About and the Apply call to action, nothing about its members.
  await card.getByRole('link', { name: names.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/community/${community.id}$`));
  await expect(page.getByRole('heading', { name: names.name, level: 1 })).toBeVisible();
  await expect(page.getByText('Paddling the bay at dusk, every Thursday.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Members' })).toHaveCount(0);
  await expectAccessibleAtBothSizes(page, () => expect(page.getByRole('link', { name: 'Apply to join' })).toBeVisible());
  await page.getByRole('link', { name: 'Apply to join' }).click();

  // The Apply form, branded with the community.
  await expect(page).toHaveURL(new RegExp(`/${community.urlSlug}/register$`));
  await expect(page.getByRole('heading', { name: `Join ${names.name}`, level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Membership application' });
  await expectAccessibleAtBothSizes(page, () => expect(form).toBeVisible());
  const applicant = newApplicant('kayak');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(applicant.name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(applicant.email);
  await form.getByLabel('Password', { exact: true }).fill(applicant.password);
  await form.getByRole('textbox', { name: 'Username', exact: true }).fill(applicant.username);
  await expect(form.getByText('Username is available!')).toBeVisible();
  await form.getByLabel('Age', { exact: true }).selectOption(String(applicant.age));
  await form.getByLabel('City', { exact: true }).selectOption('st_pete');
  await form.getByRole('button', { name: 'Apply for Membership' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Your application is under review')).toBeVisible();

  // While pending, the community shows them a note instead of Join (they have applied already).
  await page.goto(`/community/${community.id}`);
  await expect(page.getByText('You can join communities once your membership application is approved.')).toBeVisible();
  await expect(page.getByRole('button', { name: COMMUNITY_MESSAGES.join, exact: true })).toHaveCount(0);

  // An admin approves the application: the member joins the community they applied through.
  await approveApplication(playwright, baseURL!, applicant.email);

  // The member signs in through the community's own sign-in address and lands on it, as a member.
  await visitor.clearCookies();
  await page.goto(`/${community.urlSlug}/login`);
  await page.getByLabel('Email').fill(applicant.email);
  await page.getByLabel('Password', { exact: true }).fill(applicant.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/community/${community.id}`));
  await expect(page.getByRole('button', { name: `${COMMUNITY_MESSAGES.joined}: membership options` })).toBeVisible();
  await expect(page.getByText('2 members', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Posts' })).toBeVisible();
  await page.getByRole('tab', { name: 'Members' }).click();
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByText(applicant.name)).toBeVisible();
  await expect(members.getByText(creator.name)).toBeVisible();
  await expectAccessibleAtBothSizes(page, () => expect(members).toBeVisible());
  await page.getByRole('tab', { name: 'About' }).click();
  await expect(page.getByText('Anyone can join')).toBeVisible();
  await expectAccessibleAtBothSizes(page, () => expect(page.getByText(`/${community.urlSlug}`, { exact: true })).toBeVisible());

  // The Community tab lists it among their communities.
  await page.goto('/groups');
  const mine = page.getByRole('region', { name: 'Your communities' });
  await expect(mine.getByRole('link', { name: names.name, exact: true })).toBeVisible();
  await expectAccessibleAtBothSizes(page, () => expect(page.getByRole('heading', { name: 'Discover' })).toBeVisible());
  await visitor.close();
  await creatorApi.dispose();
});

test('the creator approves a request to join in the Members tab and deletes a post three members reported', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const creator = await approvedMember(playwright, baseURL!, 'mod');
  const author = await approvedMember(playwright, baseURL!, 'author');
  const reporters = await Promise.all(['rep1', 'rep2', 'rep3'].map((label) => approvedMember(playwright, baseURL!, label)));
  const creatorApi = await memberApi(playwright, baseURL!, creator.email, creator.password);
  const names = uniqueCommunity('Harbor Readers');
  const community = await createCommunity(creatorApi, { ...names, joinPolicy: 'request', city: 'st_pete' });

  // The author and the reporters are members already (approved by the creator through the API); the asker asks.
  const creatorId = await userId(creatorApi);
  for (const member of [author, ...reporters]) {
    const api = await memberApi(playwright, baseURL!, member.email, member.password);
    await joinCommunity(api, community.id, 'pending');
    const approve = await creatorApi.post(`/api/communities/${community.id}/requests/${await userId(api)}/approve`, { data: {} });
    expect(approve.status(), await approve.text()).toBe(200);
    await api.dispose();
  }
  // The asker applied to the club through this by-request community's address: approval makes it a request.
  const applicantApi = await playwright.request.newContext({ baseURL });
  const application = { ...newApplicant('asker'), communitySlug: community.urlSlug };
  const asker = await applyViaApi(applicantApi, application);
  await applicantApi.dispose();
  await approveApplication(playwright, baseURL!, asker.email);
  const askerApi = await memberApi(playwright, baseURL!, asker.email, asker.password);
  const asked = (await (await askerApi.get('/api/communities/mine')).json()) as { items: Array<{ community: { id: string }; status: string }> };
  expect(asked.items.find((m) => m.community.id === community.id)?.status).toBe('pending');
  expect(creatorId).not.toBe(await userId(askerApi));

  // A post the three reporters report: the third report hides it from the community.
  const authorApi = await memberApi(playwright, baseURL!, author.email, author.password);
  const keep = await createPost(authorApi, community.id, 'Next month we read The Old Man and the Sea.');
  const spam = await createPost(authorApi, community.id, 'Cheap watches, click my link now!!!');
  for (const reporter of reporters) {
    const api = await memberApi(playwright, baseURL!, reporter.email, reporter.password);
    const res = await api.post(`/api/posts/${spam.id}/report`, { data: { reason: 'spam', details: 'Advertising' } });
    expect(res.status(), await res.text()).toBe(201);
    await api.dispose();
  }

  const context = await memberContext(browser);
  const page = await context.newPage();
  await signInViaUi(page, creator.email, creator.password);

  // The request waits in Members > Requests (where the group_join notification leads).
  await page.goto(`/community/${community.id}`);
  await expect(page.getByRole('heading', { name: names.name, level: 1 })).toBeVisible();
  // Posts tab: members no longer see the reported post; the creator still does, marked hidden.
  const posts = page.getByRole('list', { name: 'Community posts' });
  await expect(posts.getByText('Next month we read The Old Man and the Sea.')).toBeVisible();
  await expect(posts.getByRole('article').filter({ hasText: 'Cheap watches' }).getByText('Hidden while the moderators review reports about it')).toBeVisible();
  const askerSees = (await (await askerApi.get(`/api/communities/${community.id}/posts`)).json()) as { items: Array<{ id: string }> };
  expect(askerSees.items.map((p) => p.id)).toEqual([keep.id]);
  await expectAccessibleAtBothSizes(page, () => expect(posts).toBeVisible());
  await page.getByRole('tab', { name: 'Members' }).click();
  await page.getByRole('tab', { name: 'Requests' }).click();
  await expect(page).toHaveURL(/status=pending/);
  const requests = page.getByRole('list', { name: 'Join requests' });
  await expect(requests.getByText(asker.name)).toBeVisible();
  await expectAccessibleAtBothSizes(page, () => expect(requests).toBeVisible());
  await requests.getByRole('button', { name: `Approve ${asker.name}` }).click();
  await expect(page.getByText(`${asker.name} joined`)).toBeVisible();
  await expect(page.getByText('No requests waiting')).toBeVisible();
  await page.getByRole('tab', { name: 'Members', exact: true }).last().click();
  await expect(page.getByRole('list', { name: 'Members' }).getByText(asker.name)).toBeVisible();
  // The asker is a member now (the server agrees).
  const mine = (await (await askerApi.get('/api/communities/mine')).json()) as { items: Array<{ community: { id: string }; status: string }> };
  expect(mine.items.find((m) => m.community.id === community.id)?.status).toBe('active');

  // The Reported tab holds the hidden post with its report count; Delete removes it for good.
  await page.getByRole('tab', { name: 'Reported' }).click();
  const reported = page.getByRole('article').filter({ hasText: 'Cheap watches, click my link now!!!' });
  await expect(reported).toBeVisible();
  await expect(reported.getByText(/Reported by 3 members/)).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'The Old Man and the Sea' })).toHaveCount(0);
  await expectAccessibleAtBothSizes(page, () => expect(reported).toBeVisible());
  await reported.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this post?' });
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post deleted')).toBeVisible();
  await expect(reported).toHaveCount(0);
  await expect(page.getByText('Nothing to review')).toBeVisible();
  expect((await authorApi.get(`/api/posts/${spam.id}`)).status()).toBe(404);
  expect((await authorApi.get(`/api/posts/${keep.id}`)).status()).toBe(200);

  await context.close();
  await Promise.all([creatorApi, askerApi, authorApi].map((api) => api.dispose()));
});
