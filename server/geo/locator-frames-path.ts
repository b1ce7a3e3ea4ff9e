/**
 * Where the build writes the locator's frames (dist/locator/frames.json). It sits in a folder two
 * levels below the project, as the bundled server's files do (dist/server/*.js), so the same
 * relative URL finds the file from the sources and from the bundle (as basemap-file.ts does).
 */
import { fileURLToPath } from 'node:url';

export const LOCATOR_FRAMES_FILE = fileURLToPath(new URL('../../dist/locator/frames.json', import.meta.url));
