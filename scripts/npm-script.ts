/**
 * What an npm script of package.json runs, for whatever must run the same without npm (the
 * cluster test's processes) or state the same (the systemd units): `exec [env NAME=${NAME:-value}
 * …] node <args>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface NpmScriptCommand {
  /** Node's arguments: its flags, then the script file and its arguments. */
  nodeArgs: string[];
  /** The environment's defaults the script sets (a variable already set keeps its value). */
  envDefaults: Record<string, string>;
}

/** Parses one script's text; throws when it is not of the form above. */
export function parseNpmScript(text: string): NpmScriptCommand {
  const match = /^exec (?:env ((?:\S+ )+?))?node (.+)$/.exec(text);
  if (!match) throw new Error(`not \`exec [env NAME=\${NAME:-value} …] node …\`: ${text}`);
  const envDefaults: Record<string, string> = {};
  for (const assignment of (match[1] ?? '').trim().split(' ').filter(Boolean)) {
    const parts = /^(\w+)=\$\{(\w+):-([^}\s]+)\}$/.exec(assignment);
    if (!parts || parts[1] !== parts[2])
      throw new Error(`not NAME=\${NAME:-value} (a default the environment can override): ${assignment}`);
    envDefaults[parts[1]!] = parts[3]!;
  }
  return { nodeArgs: match[2]!.split(' '), envDefaults };
}

/** The command of package.json's `script`. */
export function npmScriptCommand(script: string): NpmScriptCommand {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const text = scripts[script];
  if (!text) throw new Error(`package.json has no ${script} script`);
  return parseNpmScript(text);
}
