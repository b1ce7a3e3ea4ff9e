/** Helpers for the export tests (buildings and lists): a CSV reader of their own. */
import { expect } from 'vitest';

/**
 * Records of an RFC 4180 CSV text (quoted cells, doubled quotes, CRLF line ends), written
 * independently of the exporter so the tests read what a spreadsheet would.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        cell += c;
      }
    } else if (c === '"' && cell === '') {
      quoted = true;
    } else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else {
      expect(c, `bare ${JSON.stringify(c)} at ${i}`).not.toMatch(/[\r\n"]/);
      cell += c;
    }
  }
  expect(quoted, 'unterminated quote').toBe(false);
  expect(cell === '' && record.length === 0, 'the text ends with CRLF').toBe(true);
  return records;
}

/** The CSV's records as objects keyed by its header row. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  expect(header).toBeDefined();
  return rows.map((r) => {
    expect(r.length).toBe(header!.length);
    return Object.fromEntries(header!.map((h, i) => [h, r[i]!]));
  });
}
