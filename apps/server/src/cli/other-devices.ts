import os from 'node:os';

/** This machine's IPv4 addresses that other devices on the network can reach (not loopback, not link-local). */
export function lanAddresses(interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces()): string[] {
  const found = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((info) => info.family === 'IPv4' && !info.internal && !info.address.startsWith('169.254.'))
    .map((info) => info.address);
  return [...new Set(found)];
}

const listensEverywhere = (host: string) => host === '0.0.0.0' || host === '::' || host === '[::]';

/**
 * The start-up lines after "running at": where sign-in works, and how to open the app from another device. The
 * default HOST (0.0.0.0) answers a phone on the same Wi-Fi, but sign-in there is refused (the Origin check) unless
 * PUBLIC_URL or TRUSTED_ORIGINS names that address, and nothing else would say so.
 */
export function otherDeviceHint(opts: { host: string; port: number; origins: readonly string[]; lan: readonly string[] }): string[] {
  const lines = [`  Sign-in works at ${opts.origins.join(', ')} (PUBLIC_URL and TRUSTED_ORIGINS).`];
  if (!listensEverywhere(opts.host)) {
    lines.push(`  Only this computer can open it (HOST=${opts.host}); HOST=0.0.0.0 lets other devices on your network in.`);
    return lines;
  }
  for (const ip of opts.lan) {
    const url = `http://${ip}:${opts.port}`;
    if (opts.origins.includes(url)) {
      lines.push(`  From another device on this network: ${url}`);
    } else {
      lines.push(
        `  From another device on this network: ${url}`,
        `    To sign in there, start with PUBLIC_URL=${url} (or add it to TRUSTED_ORIGINS, comma-separated).`,
      );
    }
  }
  return lines;
}
