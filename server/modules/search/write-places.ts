/**
 * Writes the place gazetteer file (places-file.ts) beside the server bundle: scripts/start.mjs
 * runs this, bundled, right after bundling the server (`node dist/server/write-places.js`), so
 * the file is made from the installed package's data whenever the server is rebuilt.
 * An optional argument names another file to write.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { encodeGazetteer } from './places-file.ts';
import { buildGazetteer, PLACES_FILE_NAME } from './places-index.ts';

const target = process.argv[2] ?? fileURLToPath(new URL(`./${PLACES_FILE_NAME}`, import.meta.url));
fs.writeFileSync(target, encodeGazetteer(buildGazetteer()));
