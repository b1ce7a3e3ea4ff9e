import fs from 'node:fs';

/**
 * A reader of a JSON file the build writes (the Vite manifest, the explore frame): it parses the
 * file again only when its modification time changes, so a build while the server runs is picked
 * up, and answers undefined while the file is missing or unreadable.
 */
export function jsonFileReader<T>(file: string | undefined): () => T | undefined {
  let cached: { mtimeMs: number; value: T } | undefined;
  return () => {
    if (!file) return undefined;
    try {
      const { mtimeMs } = fs.statSync(file);
      if (cached?.mtimeMs !== mtimeMs)
        cached = { mtimeMs, value: JSON.parse(fs.readFileSync(file, 'utf8')) as T };
      return cached.value;
    } catch {
      return undefined;
    }
  };
}
