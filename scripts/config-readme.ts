/** Writes README.md's configuration table from the declarations in server/config/ (server/config/README.md). */
import fs from 'node:fs';
import { withConfigTable } from '../server/config/readme-table.ts';

const readme = new URL('../README.md', import.meta.url);
fs.writeFileSync(readme, withConfigTable(fs.readFileSync(readme, 'utf8')));
