// The OAuth client for the Instagram API with Instagram Login (decision 033): the authorize URL, the code exchange
// (a form POST with the client id and secret in the body, as Instagram asks) and the profile read. The same code
// talks to Instagram or to the local double; only the transport and the endpoints differ.

/** One HTTP exchange: global fetch for Instagram, app.inject for the double served by the app itself. */
export type InstagramTransport = (request: {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}) => Promise<{ status: number; json: unknown }>;

export interface InstagramEndpoints {
  authorize: string;
  token: string;
  me: string;
}

export const INSTAGRAM_ENDPOINTS: InstagramEndpoints = {
  authorize: 'https://www.instagram.com/oauth/authorize',
  token: 'https://api.instagram.com/oauth/access_token',
  me: 'https://graph.instagram.com/me',
};

export const INSTAGRAM_SCOPE = 'instagram_business_basic';

/** Why a link could not be completed; the callback maps each to an outcome the member sees. */
export class InstagramError extends Error {
  constructor(
    readonly stage: 'token' | 'me',
    message: string,
  ) {
    super(message);
    this.name = 'InstagramError';
  }
}

export interface InstagramAccount {
  userId: string;
  username: string;
}

export interface InstagramClient {
  readonly mode: 'instagram' | 'local';
  authorizeUrl(state: string): string;
  /** Exchange the code and read the account it grants; the token is dropped here (nothing needs it later). */
  accountFor(code: string): Promise<InstagramAccount>;
}

const USERNAME = /^[A-Za-z0-9._]{1,30}$/;
const USER_ID = /^[0-9]{1,30}$/;

export function createInstagramClient(opts: {
  mode: 'instagram' | 'local';
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  endpoints: InstagramEndpoints;
  transport: InstagramTransport;
}): InstagramClient {
  const { transport, endpoints } = opts;
  return {
    mode: opts.mode,
    authorizeUrl(state) {
      const url = new URL(endpoints.authorize);
      url.searchParams.set('client_id', opts.clientId);
      url.searchParams.set('redirect_uri', opts.redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', INSTAGRAM_SCOPE);
      url.searchParams.set('state', state);
      return url.toString();
    },
    async accountFor(code) {
      const token = await transport({
        method: 'POST',
        url: endpoints.token,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          client_id: opts.clientId,
          client_secret: opts.clientSecret,
          grant_type: 'authorization_code',
          redirect_uri: opts.redirectUri,
          code,
        }).toString(),
      });
      // Instagram documents both a flat body and one wrapped in data[]; accept either.
      const body = token.json as { access_token?: unknown; data?: Array<{ access_token?: unknown }> } | null;
      const accessToken = body?.access_token ?? body?.data?.[0]?.access_token;
      if (token.status !== 200 || typeof accessToken !== 'string' || !accessToken) throw new InstagramError('token', `token exchange answered ${token.status}`);

      const meUrl = new URL(endpoints.me);
      meUrl.searchParams.set('fields', 'user_id,username');
      const me = await transport({ method: 'GET', url: meUrl.toString(), headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
      const profile = me.json as { user_id?: unknown; username?: unknown } | null;
      const userId = typeof profile?.user_id === 'number' ? String(profile.user_id) : profile?.user_id;
      const username = profile?.username;
      if (me.status !== 200 || typeof userId !== 'string' || !USER_ID.test(userId) || typeof username !== 'string' || !USERNAME.test(username))
        throw new InstagramError('me', `profile read answered ${me.status}`);
      return { userId, username };
    },
  };
}

/** The transport to Instagram itself: fixed hosts (never a member's URL), a short deadline, a capped body. */
export const fetchTransport: InstagramTransport = async ({ method, url, headers, body }) => {
  const res = await fetch(url, { method, headers, body, redirect: 'error', signal: AbortSignal.timeout(10_000) });
  const text = (await res.text()).slice(0, 64 * 1024);
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: the status says what happened.
  }
  return { status: res.status, json };
};
