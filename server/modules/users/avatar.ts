/** The default face picture: the handle's first letter on a colour chosen by the handle. */
import crypto from 'node:crypto';

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

export function defaultAvatarSvg(handle: string): string {
  const digest = crypto.createHash('sha256').update(handle).digest();
  const hue = (digest[0]! * 360) / 256;
  const letter = escapeXml((handle.match(/[a-z0-9]/)?.[0] ?? '?').toUpperCase());
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(handle)}">` +
    `<rect width="128" height="128" rx="64" fill="hsl(${hue.toFixed(0)} 55% 45%)"/>` +
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="60" font-weight="600" fill="#fff">${letter}</text>` +
    `</svg>`
  );
}
