/**
 * A name folded for comparing: lowercased, accents folded, every run of anything but letters and
 * digits turned into one space, trimmed ('Notre-Dame  de Paris!' -> 'notre dame de paris'). The
 * duplicate-building rule and the matching of architects compare names this way.
 */
export function foldName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
