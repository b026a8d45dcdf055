import type { APIRequestContext, Page } from '@playwright/test';
import { CONNECTION_MESSAGES, MESSAGING_MESSAGES } from '@bayclub/shared';
import { test, expect, signInViaUi, expectNoA11yViolations, sideMenu } from './support/fixtures';
import { approvedMember, memberApi, photoFile } from './support/members';

/** Give a member interests through the API (the Settings modal journey is covered elsewhere). */
async function setInterests(api: APIRequestContext, interests: string[]) {
  const me = (await (await api.get('/api/me')).json()) as { user: { id: string }; profile: Record<string, unknown> };
  const p = me.profile;
  const res = await api.put('/api/me/profile', {
    data: {
      fullName: p.fullName,
      username: p.username,
      bio: p.bio ?? '',
      instagramUsername: p.instagramUsername ?? '',
      tiktokUsername: p.tiktokUsername ?? '',
      linkedinUsername: p.linkedinUsername ?? '',
      youtubeUsername: p.youtubeUsername ?? '',
      interests,
      gender: p.gender ?? null,
      relationshipStatus: p.relationshipStatus ?? null,
      age: p.age,
      city: p.city,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return me.user.id;
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const log = (page: Page) => page.getByRole('log', { name: 'Messages' });

test('two members meet in Say Hi, match, and talk live; a dropped connection loses nothing; a block ends it', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const a = await approvedMember(playwright, baseURL!, 'chata');
  const b = await approvedMember(playwright, baseURL!, 'chatb');
  const apiA = await memberApi(playwright, baseURL!, a.email, a.password);
  const apiB = await memberApi(playwright, baseURL!, b.email, b.password);
  // A rare pair of interests only these two share puts B first in A's filtered deck.
  await setInterests(apiA, ['Philosophy', 'Karaoke']);
  await setInterests(apiB, ['Philosophy', 'Karaoke', 'Baking']);

  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const pageA = await ctxA.newPage();
  const pageB = await ctxB.newPage();
  await signInViaUi(pageA, a.email, a.password);
  await signInViaUi(pageB, b.email, b.password);

  // B waits on the hellos they received.
  await pageB.goto('/connections?tab=received');
  await expect(pageB.getByText(CONNECTION_MESSAGES.noReceived)).toBeVisible();

  // A finds B in the deck (filtered by interest through the URL) and says hi with a note.
  await pageA.goto('/say-hi?interests=Philosophy,Karaoke');
  await expect(pageA.getByRole('button', { name: `Say Hi to ${b.name}`, exact: true })).toBeVisible();
  await expect(pageA.getByRole('region', { name: 'Interests in common' })).toContainText('Philosophy');
  await expectNoA11yViolations(pageA);
  await pageA.getByRole('button', { name: `Say Hi to ${b.name}`, exact: true }).click();
  const dialog = pageA.getByRole('dialog', { name: `Say hi to ${b.name}` });
  await dialog.getByLabel(/Note/).fill('Fellow philosopher? Karaoke after?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(pageA.getByText(CONNECTION_MESSAGES.helloSent)).toBeVisible();

  // B sees the hello arrive without a reload, and accepts it.
  await expect(pageB.getByText('Fellow philosopher? Karaoke after?', { exact: true })).toBeVisible();
  // The notification arrived live too (a quiet toast while the tab is visible).
  await expect(pageB.getByText(`${a.name} said hi`)).toBeVisible();
  await expectNoA11yViolations(pageB);
  // The row leaves at once (optimistic): wait for the server's answer before leaving the page, or the navigation
  // can cancel the request (seen once on PostgreSQL).
  await Promise.all([
    pageB.waitForResponse((r) => /\/api\/hellos\/[^/]+\/accept$/.test(new URL(r.url()).pathname) && r.ok()),
    pageB.getByRole('button', { name: `Accept hi from ${a.name}`, exact: true }).click(),
  ]);

  // Both see the match.
  await pageB.goto('/connections?tab=matches');
  await expect(pageB.getByRole('button', { name: `Message ${a.name}`, exact: true })).toBeVisible();
  await pageA.goto('/connections?tab=matches');
  await expect(pageA.getByRole('button', { name: `Message ${b.name}`, exact: true })).toBeVisible();
  await expectNoA11yViolations(pageA);

  // A opens the chat; B goes to the inbox.
  await pageA.getByRole('button', { name: `Message ${b.name}`, exact: true }).click();
  await expect(pageA).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const chatPath = new URL(pageA.url()).pathname;
  await pageB.goto('/inbox');

  // A sends text, a link and a photo: each appears at once and the composer clears.
  await composer(pageA).fill('Hi! Great to match with you.');
  await composer(pageA).press('Enter');
  await expect(log(pageA).getByText('Hi! Great to match with you.')).toBeVisible();
  await expect(composer(pageA)).toHaveValue('');
  // One send at a time (spec: no send while one is under way): Enter before the first is saved does nothing.
  await expect(pageA.getByText(MESSAGING_MESSAGES.sending)).toHaveCount(0);
  const link = `${baseURL}/terms-of-service`;
  await composer(pageA).fill(`The club rules are here: ${link}`);
  await composer(pageA).press('Enter');
  await expect(log(pageA).getByRole('link', { name: link })).toBeVisible();
  await pageA.getByLabel('Choose photos or videos').setInputFiles(await photoFile('pier.jpg', { r: 30, g: 110, b: 190 }));
  await expect(pageA.getByRole('list', { name: 'Attachments' })).toBeVisible();
  await pageA.getByRole('button', { name: 'Send' }).click();
  await expect(log(pageA).getByRole('button', { name: 'Open photo' })).toBeVisible();
  await expect(pageA.getByText(MESSAGING_MESSAGES.sending)).toHaveCount(0);

  // B sees them live, with the unread badge, without a reload.
  const messagesLink = sideMenu(pageB).getByRole('link', { name: 'Messages' });
  await expect(messagesLink).toHaveAccessibleDescription('3 unread messages');
  const inbox = pageB.getByRole('list', { name: 'Conversations' });
  await expect(inbox.getByText(a.name)).toBeVisible();
  await expectNoA11yViolations(pageB);
  await inbox.getByText(a.name).click();
  await expect(pageB).toHaveURL(new RegExp(`${chatPath}$`));
  await expect(log(pageB).getByText('Hi! Great to match with you.')).toBeVisible();
  await expect(log(pageB).getByRole('link', { name: link })).toHaveAttribute('rel', /noopener/);
  // The preview card is the page's own title and description, fetched by the server and shown as text.
  await expect(log(pageB).getByTestId('link-preview')).toBeVisible();
  await expect(log(pageB).getByRole('button', { name: 'Open photo' })).toBeVisible();
  // Opening the chat read it: the badge goes away.
  await expect(messagesLink).not.toHaveAccessibleDescription(/unread/);
  await expectNoA11yViolations(pageB);

  // B replies over two lines with Shift+Enter; Enter sends.
  await composer(pageB).click();
  await composer(pageB).pressSequentially('Saturday works.');
  await composer(pageB).press('Shift+Enter');
  await composer(pageB).pressSequentially('Karaoke at 8?');
  await expect(composer(pageB)).toHaveValue('Saturday works.\nKaraoke at 8?');
  await composer(pageB).press('Enter');
  const reply = log(pageA).getByText(/Saturday works\.\s*Karaoke at 8\?/);
  await expect(reply).toBeVisible();
  expect(await reply.innerText()).toBe('Saturday works.\nKaraoke at 8?');

  // A's connection drops; B writes meanwhile; when A is back, the missed messages are there, each once.
  await ctxA.setOffline(true);
  await composer(pageB).fill('Are you still there?');
  await composer(pageB).press('Enter');
  // One send at a time (spec: no send while one is under way).
  await expect(pageB.getByText(MESSAGING_MESSAGES.sending)).toHaveCount(0);
  await composer(pageB).fill('I will bring the songbook.');
  await composer(pageB).press('Enter');
  await expect(log(pageB).getByText('I will bring the songbook.')).toBeVisible();
  await pageA.waitForTimeout(1500);
  await expect(log(pageA).getByText('Are you still there?')).toHaveCount(0);
  await ctxA.setOffline(false);
  await expect(log(pageA).getByText('Are you still there?')).toHaveCount(1, { timeout: 20_000 });
  await expect(log(pageA).getByText('I will bring the songbook.')).toHaveCount(1);
  await expect(log(pageA).getByText('Hi! Great to match with you.')).toHaveCount(1);

  // B blocks A from the chat: A can no longer send.
  await pageB.getByRole('button', { name: `More actions for ${a.name}`, exact: true }).click();
  await pageB.getByRole('menuitem', { name: 'Block' }).click();
  await pageB.getByRole('alertdialog').getByRole('button', { name: 'Block' }).click();
  await expect(pageB).toHaveURL(/\/inbox$/);
  await expect(pageA.getByText(MESSAGING_MESSAGES.ended)).toBeVisible();
  await expect(composer(pageA)).toHaveCount(0);
  const conversationId = chatPath.split('/').pop()!;
  const refused = await apiA.post(`/api/conversations/${conversationId}/messages`, {
    data: { clientId: crypto.randomUUID(), content: 'Hello?' },
  });
  expect(refused.status()).toBeGreaterThanOrEqual(403);
  await ctxA.close();
  await ctxB.close();
});
