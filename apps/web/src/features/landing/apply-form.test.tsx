import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  INTEREST_MESSAGES,
  LIMITS,
  PASSWORD_MESSAGES,
  PICTURE_MESSAGES,
  USERNAME_MESSAGES,
  applySchema,
  uploadFailedMessage,
  type ApplyInput,
} from '@bayclub/shared';
import { apiError, json, mockApi, renderApp, type Handler } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';

const available: Handler = ({ url }) => {
  const username = new URL(url, 'http://localhost').searchParams.get('username') ?? '';
  return json({ username, available: true });
};

function landingApi(extra: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/landing/stats': () => json({ members: 1234, applications: 56 }),
    'GET /api/usernames/availability': available,
    ...extra,
  });
}

async function openLanding() {
  const utils = renderApp('/');
  const form = await screen.findByRole('form', { name: 'Membership application' });
  return { ...utils, form: within(form) };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Jamie Lee');
  await user.type(screen.getByLabelText('Email'), 'jamie@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.type(screen.getByLabelText('Username'), 'Jamie_Lee');
  await user.selectOptions(screen.getByLabelText('Age'), '29');
  await user.selectOptions(screen.getByLabelText('City'), 'st_pete');
}

const availabilityCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/usernames/availability'));

afterEach(() => {
  vi.useRealTimers();
});

describe('landing page', () => {
  it('shows the app name, description, counters and the apply form', async () => {
    landingApi();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bay Club' })).toBeInTheDocument();
    const members = await screen.findByText('1,234');
    expect(members.closest('div')).toHaveTextContent('Members');
    expect(within(members.closest('dl')!).getByText('56').closest('div')).toHaveTextContent('Applications');
    // The form's code loads on demand (decision 011); the #apply target is the card around it (decision 012).
    expect(await within(document.getElementById('apply')!).findByRole('form', { name: 'Membership application' })).toBeInTheDocument();
    expect(screen.getByTestId('landing-cover-default')).toBeInTheDocument();
  });

  it('plays the video cover when the cover type is video', async () => {
    landingApi({
      'GET /api/settings/public': () =>
        json({ app_name: 'Harbor', app_description: 'On the water', landing_cover_type: 'video', landing_video_url: '/v.mp4', landing_cover_url: '/c.jpg' }),
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor' })).toBeInTheDocument();
    const video = screen.getByTestId('landing-cover-video') as HTMLVideoElement;
    expect(video).toHaveAttribute('src', '/v.mp4');
    expect(video.muted && video.loop && video.autoplay).toBe(true);
    expect(video).toHaveAttribute('playsinline');
  });
});

describe('apply form', () => {
  it('shows the shared schema messages for an empty form', async () => {
    landingApi();
    const user = userEvent.setup();
    await openLanding();
    await user.click(screen.getByRole('button', { name: 'Apply for Membership' }));

    const expected = applySchema.safeParse({ name: '', email: '', password: '', username: '' } as ApplyInput);
    // The form shows the first message of each field, as react-hook-form does.
    const firstByField = new Map<string, string>();
    for (const issue of expected.error!.issues) {
      const key = issue.path.join('.');
      if (!firstByField.has(key)) firstByField.set(key, issue.message);
    }
    const messages = new Set(firstByField.values());
    // Empty Email and Username say they are required (not 'invalid' or 'too short').
    expect(firstByField.get('email')).toBe('Email is required');
    expect(firstByField.get('username')).toBe(USERNAME_MESSAGES.required);
    expect(messages).toContain(PASSWORD_MESSAGES.tooShort);
    for (const message of messages) expect(await screen.findByText(message)).toBeInTheDocument();

    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name.getAttribute('aria-describedby')).toContain(screen.getByText('Name is required').id);
  });

  it('sends the application, signs the applicant in and opens /profile', async () => {
    let body: unknown;
    let signedIn = false;
    landingApi({
      'POST /api/applications': (req) => {
        body = req.body;
        signedIn = true;
        return json({ applicationId: 'a1' }, 201);
      },
      'GET /api/me': () =>
        signedIn
          ? json(makeMe({ accountType: 'community_only', applicationStatus: 'pending' }))
          : apiError(401, 'UNAUTHENTICATED', 'Sign in first'),
    });
    const user = userEvent.setup();
    const { router } = await openLanding();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Apply for Membership' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(body).toMatchObject({
      name: 'Jamie Lee',
      email: 'jamie@example.com',
      username: 'jamie_lee',
      age: 29,
      city: 'st_pete',
      relationshipStatus: 'not_specified',
      interests: [],
    });
  });

  it('puts server field errors on their fields and keeps what was typed', async () => {
    landingApi({
      'POST /api/applications': () =>
        json(
          {
            error: {
              code: 'CONFLICT',
              message: 'Already registered',
              fields: { email: 'An account with this email already exists', username: USERNAME_MESSAGES.taken },
            },
          },
          409,
        ),
    });
    const user = userEvent.setup();
    const { router } = await openLanding();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Apply for Membership' }));

    const emailError = await screen.findByText('An account with this email already exists');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-describedby', expect.stringContaining(emailError.id));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(expect.stringContaining(USERNAME_MESSAGES.taken));
    expect(screen.getByLabelText('Email')).toHaveValue('jamie@example.com');
    expect(screen.getByLabelText('Name')).toHaveValue('Jamie Lee');
    expect(screen.getByLabelText('City')).toHaveValue('st_pete');
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a toast for an error that belongs to no field', async () => {
    landingApi({ 'POST /api/applications': () => apiError(500, 'INTERNAL', 'Something broke') });
    const user = userEvent.setup();
    await openLanding();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Apply for Membership' }));
    expect(await screen.findByText('Your application was not sent')).toBeInTheDocument();
    expect(screen.getByText('Something broke')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Jamie Lee');
  });
});

describe('username availability', () => {
  it('checks 500 ms after typing, lowercased, and says when the name is free', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = landingApi();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openLanding();
    const input = screen.getByLabelText('Username');
    await user.type(input, 'Bay_Member');
    expect(input).toHaveValue('bay_member');

    vi.advanceTimersByTime(300);
    expect(availabilityCalls(fetchMock)).toHaveLength(0);
    vi.advanceTimersByTime(250);
    expect(await screen.findByText(USERNAME_MESSAGES.available)).toBeInTheDocument();
    expect(availabilityCalls(fetchMock)).toHaveLength(1);
    expect(String(availabilityCalls(fetchMock)[0]![0])).toBe('/api/usernames/availability?username=bay_member');
  });

  it('says when the name is taken and blocks the submit button', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    landingApi({ 'GET /api/usernames/availability': () => json({ username: 'taken', available: false }) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openLanding();
    await user.type(screen.getByLabelText('Username'), 'taken');
    vi.advanceTimersByTime(500);
    expect(await screen.findByText(USERNAME_MESSAGES.taken)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply for Membership' })).toBeDisabled();
  });

  it('reports a broken format without asking the server', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = landingApi();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openLanding();
    await user.type(screen.getByLabelText('Username'), '_bay');
    vi.advanceTimersByTime(500);
    expect(await screen.findByText(USERNAME_MESSAGES.badStart)).toBeInTheDocument();
    expect(availabilityCalls(fetchMock)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Apply for Membership' })).toBeDisabled();
  });

  it('says a reserved name (a page of the app) is reserved without asking the server, and blocks the submit button', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = landingApi();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openLanding();
    await user.type(screen.getByLabelText('Username'), 'Events');
    vi.advanceTimersByTime(500);
    expect(await screen.findByText('This username is reserved')).toBeInTheDocument();
    expect(availabilityCalls(fetchMock)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Apply for Membership' })).toBeDisabled();
  });

  it("says 'Error checking availability' when the check fails", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    landingApi({ 'GET /api/usernames/availability': () => apiError(500, 'INTERNAL', 'Down') });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openLanding();
    await user.type(screen.getByLabelText('Username'), 'sunny');
    vi.advanceTimersByTime(500);
    expect(await screen.findByText(USERNAME_MESSAGES.checkFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply for Membership' })).toBeEnabled();
  });
});

describe('bio', () => {
  it('counts characters, warns over 140, errors over 150 and stops at 200', async () => {
    landingApi();
    const user = userEvent.setup();
    await openLanding();
    const bio = screen.getByLabelText(/^Bio/);
    expect(screen.getByText('0/150 characters')).toBeInTheDocument();

    await user.click(bio);
    await user.paste('a'.repeat(141));
    const counter = screen.getByText('141/150 characters');
    expect(counter).toHaveAttribute('data-state', 'warning');
    expect(screen.queryByText('Bio is too long')).not.toBeInTheDocument();

    await user.paste('a'.repeat(10));
    expect(screen.getByText('151/150 characters')).toHaveAttribute('data-state', 'error');
    expect(await screen.findByText('Bio is too long')).toBeInTheDocument();

    await user.paste('a'.repeat(100));
    expect(bio).toHaveValue('a'.repeat(200));

    await user.clear(bio);
    await user.type(bio, 'Short again');
    await waitFor(() => expect(screen.queryByText('Bio is too long')).not.toBeInTheDocument());
  });
});

describe('interests', () => {
  it('counts choices and stops at 15', async () => {
    landingApi();
    const user = userEvent.setup();
    await openLanding();
    expect(screen.getByText('0/15 selected')).toBeInTheDocument();
    // The first two groups start open, the others closed.
    expect(screen.getByRole('button', { name: /Lifestyle & Wellness/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /Entertainment & Media/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /Creative & Arts/ })).toHaveAttribute('aria-expanded', 'false');

    const boxes = () => screen.getAllByRole('checkbox');
    for (const box of boxes().slice(0, 15)) await user.click(box);
    expect(screen.getByText('15/15 selected')).toBeInTheDocument();
    expect(screen.getByText(INTEREST_MESSAGES.max)).toBeInTheDocument();
    const unchosen = boxes().filter((b) => !(b as HTMLInputElement).checked);
    expect(unchosen.length).toBeGreaterThan(0);
    for (const box of unchosen) expect(box).toBeDisabled();

    await user.click(boxes()[0]!);
    expect(screen.getByText('14/15 selected')).toBeInTheDocument();
    expect(screen.queryByText(INTEREST_MESSAGES.max)).not.toBeInTheDocument();
    expect(boxes().every((b) => !(b as HTMLInputElement).disabled)).toBe(true);
  });
});

function imageFile(name: string, type: string, size = 2000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The applicant is signed in once the application is in. */
function applyingApi(extra: Record<string, Handler> = {}) {
  let signedIn = false;
  return landingApi({
    'POST /api/applications': () => {
      signedIn = true;
      return json({ applicationId: 'a1' }, 201);
    },
    'GET /api/me': () =>
      signedIn
        ? json(makeMe({ accountType: 'community_only', applicationStatus: 'pending' }))
        : apiError(401, 'UNAUTHENTICATED', 'Sign in first'),
    ...extra,
  });
}

const objectUrlRestores: Array<() => void> = [];

/** Predictable object URLs for the preview in this test. */
function stubObjectUrls() {
  const stubs = { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() };
  for (const [name, fn] of Object.entries(stubs)) {
    const original = Object.getOwnPropertyDescriptor(URL, name);
    Object.defineProperty(URL, name, { value: fn, configurable: true, writable: true });
    objectUrlRestores.push(() => {
      if (original) Object.defineProperty(URL, name, original);
      else delete (URL as unknown as Record<string, unknown>)[name];
    });
  }
  return stubs;
}

afterEach(() => {
  objectUrlRestores.splice(0).forEach((restore) => restore());
});

const pictureCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/applications/picture');

describe('profile picture', () => {
  it("refuses a file that is not JPEG, PNG or WebP with 'Invalid file type'", async () => {
    landingApi();
    const user = userEvent.setup({ applyAccept: false });
    await openLanding();
    const input = screen.getByLabelText(PICTURE_MESSAGES.choose);
    await user.upload(input, imageFile('me.gif', 'image/gif'));
    expect(await screen.findByText(PICTURE_MESSAGES.invalidTypeToast)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(PICTURE_MESSAGES.invalidType);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('img', { name: 'Preview of your profile picture' })).not.toBeInTheDocument();
  });

  it("refuses a file over 5MB with 'File too large'", async () => {
    landingApi();
    const user = userEvent.setup();
    await openLanding();
    const input = screen.getByLabelText(PICTURE_MESSAGES.choose);
    await user.upload(input, imageFile('me.png', 'image/png', LIMITS.profilePictureMaxBytes + 1));
    expect(await screen.findByText(PICTURE_MESSAGES.tooLargeToast)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(PICTURE_MESSAGES.tooLarge);
  });

  it('previews the chosen picture and uploads it once the application is in', async () => {
    const { revokeObjectURL } = stubObjectUrls();
    const fetchMock = applyingApi({
      'POST /api/applications/picture': () => json({ profilePictureUrl: '/media/profile-pictures/u/profile.webp?v=1' }),
    });
    const user = userEvent.setup();
    const { router } = await openLanding();
    await fillValid(user);
    await user.upload(screen.getByLabelText(PICTURE_MESSAGES.choose), imageFile('me.png', 'image/png'));
    expect(screen.getByRole('img', { name: 'Preview of your profile picture' })).toHaveAttribute('src', 'blob:preview');
    const input = screen.getByLabelText(PICTURE_MESSAGES.change);
    expect(input).toHaveAccessibleDescription(PICTURE_MESSAGES.selected);

    await user.click(screen.getByRole('button', { name: 'Apply for Membership' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), { timeout: 5000 });
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url);
    expect(posts).toEqual(['/api/applications', '/api/applications/picture']);
    const body = pictureCalls(fetchMock)[0]![1]!.body as FormData;
    expect((body.get('file') as File).name).toBe('me.png');
    // The preview is freed when the form goes away, once the profile page (loaded on demand) replaces it.
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview'));
  });

  it('keeps the application when the upload fails and says the picture can be added later', async () => {
    const fetchMock = applyingApi({
      'POST /api/applications/picture': () =>
        json({ error: { code: 'VALIDATION', message: 'Bad file', fields: { file: PICTURE_MESSAGES.invalidType } } }, 400),
    });
    const user = userEvent.setup();
    const { router } = await openLanding();
    await fillValid(user);
    await user.upload(screen.getByLabelText(PICTURE_MESSAGES.choose), imageFile('me.webp', 'image/webp'));
    await user.click(screen.getByRole('button', { name: 'Apply for Membership' }));

    expect(await screen.findByText(PICTURE_MESSAGES.uploadFailedToast, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(uploadFailedMessage(PICTURE_MESSAGES.invalidType))).toBeInTheDocument();
    expect(screen.getByText(/add a picture later in Settings/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), { timeout: 5000 });
    expect(pictureCalls(fetchMock)).toHaveLength(1);
  });

  it('sends no picture when none was chosen, or when it was removed', async () => {
    const fetchMock = applyingApi();
    const user = userEvent.setup();
    const { router } = await openLanding();
    await fillValid(user);
    await user.upload(screen.getByLabelText(PICTURE_MESSAGES.choose), imageFile('me.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.getByLabelText(PICTURE_MESSAGES.choose)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply for Membership' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), { timeout: 5000 });
    expect(pictureCalls(fetchMock)).toHaveLength(0);
  });
});
