import { describe, expect, it } from 'vitest';
import { source } from '../testing/export-fixtures';
import { csvField, formatCsv } from './format-csv';

describe('csvField', () => {
  it('quotes only what needs it, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField(true)).toBe('true');
    expect(csvField(undefined)).toBe('');
  });
});

/** A minimal RFC 4180 reader, to check the file reads back into the same cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index++;
    } else field += char;
  }
  return rows;
}

describe('formatCsv', () => {
  it('writes LibreChat’s columns and one row per message of the current branch', () => {
    const rows = parseCsv(formatCsv(source, { exportBranches: false }));
    expect(rows[0]).toEqual([
      'sender',
      'text',
      'isCreatedByUser',
      'error',
      'unfinished',
      'messageId',
      'parentMessageId',
      'createdAt',
    ]);
    expect(rows.slice(1).map((row) => row[5])).toEqual(['q1', 'r1b', 'q2']);
    expect(rows[1]).toEqual([
      'User',
      'Where, when?',
      'true',
      '',
      '',
      'q1',
      '00000000-0000-0000-0000-000000000000',
      '2025-01-01T00:01:00.000Z',
    ]);
    expect(rows[2]!.slice(0, 5)).toEqual(['GPT-4o', 'Line one\nLine "two"', 'false', '', 'true']);
  });

  it('quotes text with commas, quotes and line breaks in the file itself', () => {
    expect(formatCsv(source, { exportBranches: false })).toContain('GPT-4o,"Line one\nLine ""two""",false,');
  });

  it('includes every branch when asked', () => {
    const rows = parseCsv(formatCsv(source, { exportBranches: true }));
    expect(rows.slice(1).map((row) => row[5])).toEqual(['q1', 'r1', 'r1b', 'q2']);
  });
});
