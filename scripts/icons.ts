/**
 * The app's icons, drawn from the two SVGs in web/icons/ with sharp and written to web/public/
 * (committed, so a build needs no step for them; run `npm run build:icons` after changing an SVG):
 * - favicon.svg (the icon itself) and favicon.ico (32 px, for browsers and tools that ask for it);
 * - apple-touch-icon.png (180 px: iOS draws its own rounded corners, so it is the full square);
 * - icon-192.png and icon-512.png (the manifest's 'any' icons) and icon-maskable-512.png (its
 *   'maskable' icon: a full-bleed background with the house inside the 80 % safe zone).
 * The manifest that names them is domain/web-manifest.ts.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ICON_FILES } from '../domain/web-manifest.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const sources = path.join(repoRoot, 'web/icons');
const out = path.join(repoRoot, 'web/public');

/** A PNG of the SVG `file` at `size` × `size`; `density` keeps the small SVG sharp when enlarged. */
async function png(file: string, size: number, flatten = false): Promise<Buffer> {
  const svg = await fs.readFile(path.join(sources, file));
  let image = sharp(svg, { density: Math.ceil((72 * size) / 32) }).resize(size, size);
  if (flatten) image = image.flatten({ background: '#1971c2' });
  return image.png({ compressionLevel: 9 }).toBuffer();
}

/**
 * An ICO file holding one PNG image (allowed since Windows Vista and read by every browser): a
 * 6-byte header, one 16-byte directory entry, then the PNG as it is.
 */
export function icoOfPng(pngBytes: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
  entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
  entry.writeUInt8(0, 2); // no palette
  entry.writeUInt8(0, 3); // reserved
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(pngBytes.length, 8);
  entry.writeUInt32LE(header.length + entry.length, 12); // where the image starts
  return Buffer.concat([header, entry, pngBytes]);
}

export async function writeIcons(): Promise<void> {
  await fs.copyFile(path.join(sources, 'icon.svg'), path.join(out, ICON_FILES.svg));
  await fs.writeFile(path.join(out, ICON_FILES.ico), icoOfPng(await png('icon.svg', 32), 32));
  await fs.writeFile(path.join(out, ICON_FILES.appleTouch), await png('icon-maskable.svg', 180, true));
  await fs.writeFile(path.join(out, ICON_FILES.any192), await png('icon.svg', 192));
  await fs.writeFile(path.join(out, ICON_FILES.any512), await png('icon.svg', 512));
  await fs.writeFile(path.join(out, ICON_FILES.maskable512), await png('icon-maskable.svg', 512, true));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await writeIcons();
  console.log(`icons written to ${path.relative(repoRoot, out)}`);
}
