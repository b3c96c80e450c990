import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES } from '../../contract/files';
import { MAX_PAGES_WITHOUT_TEXT, PDF_TEXT_MAX_FILE_BYTES, pdfPagesText, storePdfText } from './pdf-text';
import { pdfTextKey } from './pdf-text-object';
import { buildPdf, corruptPdf } from './testing-pdf';

const stored = async (bytes: Uint8Array) => {
  const key = `users/pdf-test/${crypto.randomUUID()}`;
  await env.FILES.put(key, bytes);
  return key;
};

const sidecar = async (key: string) => (await env.FILES.get(pdfTextKey(key)))?.text() ?? null;

describe('pdfPagesText', () => {
  it('reads a plain content stream, line by line', async () => {
    const pdf = await buildPdf({ pages: [['Quarterly report', 'Revenue grew (a lot).']] });
    expect(await pdfPagesText(pdf, 1000)).toBe('Quarterly report\nRevenue grew (a lot).');
  });

  it('reads a FlateDecode-compressed content stream', async () => {
    const pdf = await buildPdf({ pages: [['Compressed words inside']], compress: true });
    expect(await pdfPagesText(pdf, 1000)).toBe('Compressed words inside');
  });

  it('reads every page in order, a blank line between pages', async () => {
    const pdf = await buildPdf({ pages: [['Page one'], ['Page two'], ['Page three']], compress: true });
    expect(await pdfPagesText(pdf, 1000)).toBe('Page one\n\nPage two\n\nPage three');
  });

  it('stops reading pages once it has the bytes asked for', async () => {
    const line = 'y'.repeat(60);
    const pdf = await buildPdf({ pages: Array.from({ length: 5 }, (_, index) => [`${index + 1}${line}`]) });
    const text = await pdfPagesText(pdf, 100);
    expect(text).toBe(`1${line}\n\n2${line}`);
  });

  it('gives nothing for pages without text, as a scan has', async () => {
    expect(await pdfPagesText(await buildPdf({ pages: [[], []] }), 1000)).toBe('');
  });

  it('takes a long run of pages without text for a scan and stops there', async () => {
    const blank = (count: number) => Array.from({ length: count }, () => []);
    const afterShortRun = await buildPdf({ pages: [['Cover'], ...blank(MAX_PAGES_WITHOUT_TEXT - 1), ['Appendix']] });
    expect(await pdfPagesText(afterShortRun, 1000)).toBe('Cover\n\nAppendix');
    const afterLongRun = await buildPdf({ pages: [['Cover'], ...blank(MAX_PAGES_WITHOUT_TEXT), ['Appendix']] });
    expect(await pdfPagesText(afterLongRun, 1000)).toBe('Cover');
  });

  it('throws on bytes that are no readable PDF', async () => {
    await expect(pdfPagesText(corruptPdf(), 1000)).rejects.toThrow();
  });
});

describe('storePdfText', () => {
  it('keeps the text beside the PDF and answers its length in bytes', async () => {
    const pdf = await buildPdf({ pages: [['Café menu']], compress: true });
    const key = await stored(pdf);
    expect(await storePdfText(env.FILES, key, pdf.byteLength)).toBe(new TextEncoder().encode('Café menu').byteLength);
    expect(await sidecar(key)).toBe('Café menu');
  });

  it('keeps one byte more than a prompt reads of a long document, so its length tells it was cut', async () => {
    const page = Array.from({ length: 50 }, () => 'z'.repeat(80));
    const pages = Array.from({ length: 40 }, () => page);
    const pdf = await buildPdf({ pages, compress: true });
    const key = await stored(pdf);
    expect(await storePdfText(env.FILES, key, pdf.byteLength)).toBe(DOCUMENT_MAX_BYTES + 1);
  });

  it('keeps nothing for a scan, a damaged PDF, or one over the size it reads, and never throws', async () => {
    const scan = await buildPdf({ pages: [[]] });
    const scanKey = await stored(scan);
    expect(await storePdfText(env.FILES, scanKey, scan.byteLength)).toBeNull();
    const corruptKey = await stored(corruptPdf());
    expect(await storePdfText(env.FILES, corruptKey, corruptPdf().byteLength)).toBeNull();
    const bigKey = await stored(await buildPdf({ pages: [['Too big to read']] }));
    expect(await storePdfText(env.FILES, bigKey, PDF_TEXT_MAX_FILE_BYTES + 1)).toBeNull();
    for (const key of [scanKey, corruptKey, bigKey]) expect(await sidecar(key)).toBeNull();
  });
});
