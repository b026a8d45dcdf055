import { describe, expect, it } from 'vitest';
import { ENDPOINT_MESSAGES, checkPushEndpoint } from './policy.js';

const strict = { allowPrivate: false };

describe('checkPushEndpoint', () => {
  it('accepts https endpoints on host names and public addresses, normalized', () => {
    expect(checkPushEndpoint('https://fcm.googleapis.com/fcm/send/abc:def', strict)).toEqual({
      ok: true,
      url: 'https://fcm.googleapis.com/fcm/send/abc:def',
    });
    expect(checkPushEndpoint('https://UPDATES.push.services.mozilla.com/wpush/v2/x', strict)).toEqual({
      ok: true,
      url: 'https://updates.push.services.mozilla.com/wpush/v2/x',
    });
    expect(checkPushEndpoint('https://8.8.8.8/push', strict)).toMatchObject({ ok: true });
    expect(checkPushEndpoint('https://[2606:4700::1111]/push', strict)).toMatchObject({ ok: true });
  });

  it('refuses anything but https', () => {
    for (const endpoint of ['http://push.example.com/x', 'ftp://push.example.com/x', 'file:///etc/passwd', 'not a url']) {
      expect(checkPushEndpoint(endpoint, strict), endpoint).toEqual({ ok: false, reason: ENDPOINT_MESSAGES.https });
    }
  });

  it('refuses literal loopback, private, link-local and mapped addresses, in every spelling', () => {
    for (const endpoint of [
      'https://127.0.0.1/x',
      'https://127.1/x',
      'https://2130706433/x',
      'https://0x7f000001/x',
      'https://0177.0.0.1/x',
      'https://0.0.0.0/x',
      'https://10.1.2.3/x',
      'https://172.16.0.1/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/x',
      'https://100.64.0.1/x',
      'https://[::1]/x',
      'https://[::]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:7f00:1]/x',
      'https://[fe80::1]/x',
      'https://[fc00::1]/x',
    ]) {
      expect(checkPushEndpoint(endpoint, strict), endpoint).toEqual({ ok: false, reason: ENDPOINT_MESSAGES.forbidden });
    }
  });

  it('allows them when private endpoints are allowed (local tests only)', () => {
    expect(checkPushEndpoint('https://127.0.0.1:8443/x', { allowPrivate: true })).toEqual({ ok: true, url: 'https://127.0.0.1:8443/x' });
    expect(checkPushEndpoint('http://127.0.0.1:8443/x', { allowPrivate: true })).toMatchObject({ ok: false });
  });

  it('sends to the host both URL parsers see (a backslash trick cannot smuggle another host)', () => {
    const result = checkPushEndpoint('https://push.example.com\\@127.0.0.1/x', strict);
    expect(result).toEqual({ ok: true, url: 'https://push.example.com/@127.0.0.1/x' });
  });
});
