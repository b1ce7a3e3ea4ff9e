/**
 * The problem texts the web app translates (domain/problem-messages.ts) are the server's own: each
 * fixed text and each template's fixed parts are written in the server's (or domain/'s) code, and
 * the texts the server composes are read back by their template with their arguments.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { suspendedMessage } from '../domain/moderation.ts';
import { PROBLEM_TEMPLATES, PROBLEM_TEXTS, readProblemText } from '../domain/problem-messages.ts';
import { tooMany, tooManyExports, tooManyRequests } from '../server/http/rate-limit.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === 'domain/messages' ? [] : sources(file);
    return /\.ts$/.test(entry.name) &&
      !/\.(test|pg-test)\.ts$/.test(entry.name) &&
      file !== 'domain/problem-messages.ts'
      ? [fs.readFileSync(path.join(root, file), 'utf8')]
      : [];
  });
}

// The server's code with its strings' `'…' +\n '…'` joins undone.
const code = [...sources('server'), ...sources('domain')].join('\n').replace(/(['"`])\s*\+\s*(['"`])/g, '');

/** A template's text between its arguments ('{name}', or a whole '{n, plural, …}'). */
function fixedParts(message: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let part = '';
  for (const c of message) {
    if (c === '{' && !depth++) {
      parts.push(part);
      part = '';
    } else if (c === '}' && depth) depth--;
    else if (!depth) part += c;
  }
  return [...parts, part].filter((p) => p.trim() !== '');
}

describe('problem texts', () => {
  it('are written by the server word for word', () => {
    expect(PROBLEM_TEXTS.filter((text) => !code.includes(text))).toEqual([]);
  });

  it("are templates whose fixed parts are the server's", () => {
    const composed = /Please try again in \{seconds/;
    const missing = PROBLEM_TEMPLATES.filter(({ message }) => !composed.test(message)).flatMap(
      ({ message }) => fixedParts(message).filter((part) => !code.includes(part)),
    );
    expect(missing).toEqual([]);
  });

  it('read back the texts the server composes, with their arguments', () => {
    expect(readProblemText(suspendedMessage(new Date('2027-03-01T12:00:00Z')))).toEqual({
      message: 'Your account is suspended until {date}; you cannot sign in or make changes.',
      values: { date: '2027-03-01' },
    });
    const wait = '{seconds, plural, one {# second} other {# seconds}}';
    expect(readProblemText(tooManyRequests('1 second'))).toEqual({
      message: `Too many requests. Please try again in ${wait}.`,
      values: { seconds: 1 },
    });
    expect(readProblemText(tooMany('this address')('12 seconds'))?.values).toEqual({ seconds: 12 });
    expect(readProblemText(tooMany('your account')('2 seconds'))?.message).toBe(
      `Too many changes from your account. Please try again in ${wait}.`,
    );
    expect(readProblemText(tooManyExports(1)('30 seconds'))?.message).toBe(
      `An address may start one export a minute. Please try again in ${wait}.`,
    );
    expect(readProblemText('The handle "new_name" is already taken.')).toEqual({
      message: 'The handle "{handle}" is already taken.',
      values: { handle: 'new_name' },
    });
  });

  it('leave a text no template reads alone', () => {
    expect(readProblemText('Building not found')).toBeNull();
    expect(readProblemText('name: Invalid input: expected string')).toBeNull();
  });
});
