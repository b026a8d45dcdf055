import { NOTIFICATION_MESSAGES, POST_MESSAGES, PUSH_MESSAGES } from '@bayclub/shared';
import { test, expect, signInViaUi, expectNoA11yViolations, bottomTabs } from './support/fixtures';
import { approvedMember, memberApi } from './support/members';

test('notifications arrive live on the Profile tab and in the Settings menu; the panel opens them and marks all read; the push prompt comes after 5 s', async ({
  page,
  playwright,
  baseURL,
}) => {
  const a = await approvedMember(playwright, baseURL!, 'nota');
  const b = await approvedMember(playwright, baseURL!, 'notb');
  const apiA = await memberApi(playwright, baseURL!, a.email, a.password);
  const apiB = await memberApi(playwright, baseURL!, b.email, b.password);
  const idB = ((await (await apiB.get('/api/me')).json()) as { user: { id: string } }).user.id;
  // B starts with nothing unread (the approval is a notification too).
  expect((await apiB.post('/api/notifications/mark-read', { data: {} })).status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 800 });
  await signInViaUi(page, b.email, b.password);
  await page.goto('/profile');
  const profileTab = bottomTabs(page).getByRole('link', { name: 'Profile' });
  await expect(profileTab).not.toHaveAccessibleDescription(/unread/);

  // The push prompt: 5 s after the signed-in layout opens, since this browser has not decided.
  const prompt = page.getByRole('region', { name: PUSH_MESSAGES.promptTitle });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await expectNoA11yViolations(page);
  await prompt.getByRole('button', { name: PUSH_MESSAGES.dismiss }).click();
  await expect(prompt).toHaveCount(0);

  // A says hi: B's badge shows it without a reload.
  expect((await apiA.post('/api/hellos', { data: { userId: idB, note: 'Hello from the bay' } })).status()).toBe(201);
  await expect(profileTab).toHaveAccessibleDescription('1 unread notifications');

  // The Settings menu carries the count; its Notifications item opens the panel.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: /Notifications\s*, 1 unread/ }).click();
  const panel = page.getByRole('dialog', { name: NOTIFICATION_MESSAGES.title });
  await expect(panel.getByText('New hello')).toBeVisible();
  await expect(panel.getByText(`${a.name} said hi: "Hello from the bay"`)).toBeVisible();
  await expect(panel.getByRole('button', { name: /New hello/ }).getByText(NOTIFICATION_MESSAGES.justNow)).toBeVisible();
  await expectNoA11yViolations(page);

  // Mark all read: the badge goes away, in this tab at once.
  await panel.getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead }).click();
  await expect(panel.getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(profileTab).not.toHaveAccessibleDescription(/unread/);
  expect(((await (await apiB.get('/api/notifications/unread-count')).json()) as { count: number }).count).toBe(0);

  // Clicking a hello notification leads to the hellos received.
  await page.goto('/profile?notifications=open');
  await panel.getByRole('button', { name: /New hello/ }).click();
  await expect(page).toHaveURL(/\/connections\?tab=received$/);
  await expect(page.getByText('Hello from the bay', { exact: true })).toBeVisible();
});

test("issue 21: a new member's Home shows the welcome; an @mention picked with the keyboard links to the profile and notifies once; the bell shows the count at both sizes", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const a = await approvedMember(playwright, baseURL!, 'menta');
  const b = await approvedMember(playwright, baseURL!, 'mentb');
  const apiB = await memberApi(playwright, baseURL!, b.email, b.password);
  expect((await apiB.post('/api/notifications/mark-read', { data: {} })).status()).toBe(200);

  // A is new: Home opens with the welcome checklist.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInViaUi(page, a.email, a.password);
  await page.goto('/community');
  await expect(page.getByRole('heading', { name: /^Welcome to the club/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'First steps' }).getByRole('listitem')).toHaveCount(5);

  // A types @ and part of B's username in Home's composer, picks B with the keyboard and posts.
  const composer = page.getByRole('form', { name: 'New post' });
  const textbox = composer.getByRole('textbox', { name: 'Write a post' });
  await textbox.click();
  await textbox.pressSequentially(`Sunset at the pier with @${b.username.slice(0, 8)}`);
  const suggestions = page.getByRole('listbox', { name: 'Mention a member' });
  await expect(suggestions.getByRole('option', { name: new RegExp(`@${b.username}`) })).toBeVisible();
  await expect(suggestions.getByRole('option')).toHaveCount(1);
  await textbox.press('ArrowDown');
  await textbox.press('Enter');
  await expect(textbox).toHaveValue(`Sunset at the pier with @${b.username} `);
  await expect(suggestions).toHaveCount(0);
  await textbox.pressSequentially('tonight');
  await composer.getByRole('button', { name: POST_MESSAGES.post, exact: true }).click();
  await expect(textbox).toHaveValue('');
  const mention = page.getByRole('link', { name: `@${b.username}`, exact: true });
  await expect(mention).toBeVisible();
  await expect(mention).toHaveAttribute('href', `/${b.username}`);

  // B gets exactly one mention notification, and the bell shows it at both sizes.
  await expect
    .poll(async () => ((await (await apiB.get('/api/notifications/unread-count')).json()) as { count: number }).count)
    .toBe(1);
  const list = (await (await apiB.get('/api/notifications')).json()) as { items: Array<{ title: string; message: string }> };
  expect(list.items.filter((n) => n.title === 'New mention')).toEqual([{ ...list.items[0]!, title: 'New mention', message: `${a.name} mentioned you in a post` }]);

  const pageB = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInViaUi(pageB, b.email, b.password);
  await pageB.goto('/community');
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await pageB.setViewportSize(size);
    const bell = pageB.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible();
    const box = (await bell.boundingBox())!;
    expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height).toBe(true);
    await expect(bell.getByText('1', { exact: true })).toBeVisible();
  }
  await pageB.close();
});
