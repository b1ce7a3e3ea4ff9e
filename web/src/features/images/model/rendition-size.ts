/**
 * width/height attributes for a rendition whose long side is `longSide` px, from the original's
 * size (same aspect), so the page keeps the space before the file arrives. 4:3 when unknown.
 */
export function renditionSize(
  image: { width: number | null; height: number | null },
  longSide: number,
): { width: number; height: number } {
  const { width, height } = image;
  if (!width || !height) return { width: longSide, height: Math.round((longSide * 3) / 4) };
  const scale = Math.min(1, longSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
