import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let version: string | null = null;

/** The app's version: the workspace root's package.json (the one with `workspaces`), read once. */
export function appVersion(): string {
  if (version) return version;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string; workspaces?: unknown };
      if (pkg.workspaces && pkg.version) return (version = pkg.version);
    } catch {
      /* no package.json here: look further up */
    }
    dir = path.dirname(dir);
  }
  return (version = 'unknown');
}
