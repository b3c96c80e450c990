import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPORT_FILENAME, exportFilename, MAX_FILENAME_CHARS, sanitizeFilename } from './filename';

describe('sanitizeFilename', () => {
  it('keeps an ordinary title as it is', () => {
    expect(sanitizeFilename('Trip plans 2025 – Ünïcode 🙂')).toBe('Trip plans 2025 – Ünïcode 🙂');
  });

  it('replaces characters Windows, macOS or Linux reserve, collapsing runs', () => {
    expect(sanitizeFilename('a/b\\c:d*e?f"g<h>i|j')).toBe('a_b_c_d_e_f_g_h_i_j');
    expect(sanitizeFilename('what?? / why**')).toBe('what_ _ why_');
    expect(sanitizeFilename('tab\there\nnew\u0000line')).toBe('tab here new_line');
  });

  it('drops leading and trailing dots and spaces', () => {
    expect(sanitizeFilename('  .hidden. ')).toBe('hidden');
    expect(sanitizeFilename('..')).toBe(DEFAULT_EXPORT_FILENAME);
  });

  it('suffixes the device names Windows reserves', () => {
    expect(sanitizeFilename('CON')).toBe('CON_');
    expect(sanitizeFilename('lpt1.txt')).toBe('lpt1.txt_');
    expect(sanitizeFilename('console')).toBe('console');
  });

  it('falls back to "file" when nothing is left', () => {
    expect(sanitizeFilename('')).toBe('file');
    expect(sanitizeFilename(null)).toBe('file');
    expect(sanitizeFilename(' ... ')).toBe('file');
  });

  it('caps the length without splitting a character', () => {
    const long = `${'a'.repeat(MAX_FILENAME_CHARS - 1)}🙂🙂`;
    const result = sanitizeFilename(long);
    expect(Array.from(result)).toHaveLength(MAX_FILENAME_CHARS);
    expect(result.endsWith('a🙂')).toBe(true);
  });
});

describe('exportFilename', () => {
  it('adds the extension to the sanitised name', () => {
    expect(exportFilename('My: chat', 'md')).toBe('My_ chat.md');
    expect(exportFilename('', 'png')).toBe('file.png');
  });
});
