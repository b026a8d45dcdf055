// Draws the PNG icons the web manifest lists from their SVG sources in apps/web/public (run after changing one:
// `node scripts/make-icons.mjs`; the PNGs are committed, so builds need no image work).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public');
const icons = [
  { source: 'icon.svg', out: 'icon-192.png', size: 192 },
  { source: 'icon.svg', out: 'icon-512.png', size: 512 },
  { source: 'icon-maskable.svg', out: 'icon-maskable-512.png', size: 512 },
];
for (const { source, out, size } of icons) {
  await sharp(path.join(publicDir, source), { density: 300 }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(publicDir, out));
  console.log(`${out} (${size}x${size})`);
}
