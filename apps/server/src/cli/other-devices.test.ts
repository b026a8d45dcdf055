import { describe, expect, it } from 'vitest';
import { lanAddresses, otherDeviceHint } from './other-devices.js';

const nic = (address: string, internal = false, family: 'IPv4' | 'IPv6' = 'IPv4') =>
  ({ address, internal, family, netmask: '', mac: '', cidr: null }) as never;

describe('the start-up message for other devices', () => {
  it('finds the LAN addresses, not loopback, link-local or IPv6', () => {
    expect(
      lanAddresses({ lo: [nic('127.0.0.1', true)], eth0: [nic('192.168.1.20'), nic('fe80::1', false, 'IPv6')], wlan0: [nic('169.254.3.4'), nic('10.0.0.7')] }),
    ).toEqual(['192.168.1.20', '10.0.0.7']);
  });

  it('names each LAN address and says which setting lets sign-in work there', () => {
    const lines = otherDeviceHint({ host: '0.0.0.0', port: 3000, origins: ['http://localhost:3000'], lan: ['192.168.1.20'] });
    expect(lines).toEqual([
      '  Sign-in works at http://localhost:3000 (PUBLIC_URL and TRUSTED_ORIGINS).',
      '  From another device on this network: http://192.168.1.20:3000',
      '    To sign in there, start with PUBLIC_URL=http://192.168.1.20:3000 (or add it to TRUSTED_ORIGINS, comma-separated).',
    ]);
  });

  it('says nothing more for an address already allowed', () => {
    const lines = otherDeviceHint({
      host: '0.0.0.0',
      port: 3000,
      origins: ['http://localhost:3000', 'http://192.168.1.20:3000'],
      lan: ['192.168.1.20'],
    });
    expect(lines.at(-1)).toBe('  From another device on this network: http://192.168.1.20:3000');
    expect(lines.join('\n')).not.toContain('To sign in there');
  });

  it('on a loopback HOST, says other devices cannot reach it', () => {
    const lines = otherDeviceHint({ host: '127.0.0.1', port: 3000, origins: ['http://localhost:3000'], lan: ['192.168.1.20'] });
    expect(lines[1]).toContain('Only this computer can open it (HOST=127.0.0.1)');
    expect(lines.join('\n')).not.toContain('192.168.1.20');
  });
});
