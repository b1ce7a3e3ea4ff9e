/**
 * DATA_DIR holds the embedded database, uploaded originals (EXIF and GPS included) and the upload
 * signing secret: only the account that runs the server may read it. Entry points that write
 * under it call `ownerOnlyFiles()` first, so what they create is 0700 (directories) and 0600
 * (files); `tightenDataDir` removes group and other bits from what is already there: files of an
 * install made before, copies that keep their source's mode (fs.cp, backups), and the empty
 * cluster PGlite unpacks at a first start (its Emscripten file system sets the archive's 0666 on
 * each file whatever the umask). Files PGlite creates later follow the umask.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

const GROUP_AND_OTHER = 0o077;

/** New files and directories of this process get no group or other permission bits. */
export function ownerOnlyFiles(): void {
  process.umask(GROUP_AND_OTHER);
}

/**
 * Removes group and other permission bits from `dir` and everything under it (symbolic links are
 * left alone and not followed); returns how many entries it changed. A missing `dir` is fine.
 */
export async function tightenDataDir(dir: string): Promise<number> {
  let changed = 0;
  const visit = async (entry: string): Promise<void> => {
    let stat;
    try {
      stat = await fs.lstat(entry);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // removed meanwhile
      throw err;
    }
    if (stat.isSymbolicLink()) return;
    // The directory first: from then on no other account can reach what is inside.
    if (stat.mode & GROUP_AND_OTHER) {
      await fs.chmod(entry, stat.mode & 0o7777 & ~GROUP_AND_OTHER);
      changed++;
    }
    if (stat.isDirectory()) {
      const names = await fs.readdir(entry);
      // A few at a time: a media folder can hold many thousands of files.
      for (let i = 0; i < names.length; i += 64) {
        await Promise.all(names.slice(i, i + 64).map((name) => visit(path.join(entry, name))));
      }
    }
  };
  await visit(dir);
  return changed;
}
