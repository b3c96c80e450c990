/**
 * The text of an uploaded PDF, read once when the file is stored so that a prompt can show it
 * as it shows a text file: the text is kept beside the PDF in R2 (`pdfTextKey`) and its length
 * on the file's row (`textBytes`). Every turn then reads a small text object instead of parsing
 * the PDF again, which would cost CPU time on each reply.
 *
 * The extractor is unpdf: pdf.js built for serverless runtimes (no Web Worker, no canvas, no
 * Node APIs), chosen by measuring it against pdfjs-dist 6.5 in workerd. Both read a test PDF there;
 * pdfjs-dist needs its worker module loaded by hand (workerd starts no Web Workers), tries to
 * load a Node canvas package and warns on every document, and adds more to the Worker (its
 * legacy build and worker, minified: about 550 KB gzipped; unpdf about 500 KB; with unpdf the
 * Worker that wrangler uploads grows from 366 to 943 KiB gzipped, far under the 3 MB limit). unpdf is
 * imported dynamically, so only a PDF upload ever evaluates it.
 */
import { errorMessage, log } from '../../logging/logger';
import { DOCUMENT_MAX_BYTES } from '../../contract/files';
import { pdfTextKey } from './pdf-text-object';

const MB = 1024 * 1024;

/**
 * Larger PDFs are stored but not read: parsing holds the file and pdf.js's structures in the
 * isolate's 128 MB at once.
 */
export const PDF_TEXT_MAX_FILE_BYTES = 16 * MB;

/**
 * The text keeps one byte more than a prompt reads, so its length alone says whether the
 * document was cut (longer than DOCUMENT_MAX_BYTES), as a text file's size does.
 */
const KEPT_TEXT_BYTES = DOCUMENT_MAX_BYTES + 1;

export type PdfTextBucket = Pick<R2Bucket, 'get' | 'put'>;

/**
 * Pages without text in a row after which the rest is taken to have none either: a scan, or a
 * run of pictures. Each page costs about 2 ms even when empty, so a 1,000-page scan would
 * otherwise cost seconds of CPU time for nothing.
 */
export const MAX_PAGES_WITHOUT_TEXT = 50;

const encoder = new TextEncoder();
const PAGE_BREAK = '\n\n';

/**
 * The text of the PDF's pages, in order, read page by page until `maxBytes` (UTF-8) are
 * collected: a long document costs no more than the part a prompt can take. A PDF without a
 * text layer (a scan) gives ''. Throws on a PDF pdf.js cannot open. pdf.js takes `data` over
 * (its buffer is detached): pass bytes nothing else uses.
 */
export async function pdfPagesText(data: Uint8Array, maxBytes: number): Promise<string> {
  const { getDocumentProxy } = await import('unpdf');
  // Fonts only matter for drawing; text comes from the fonts' character maps.
  const pdf = await getDocumentProxy(data, { disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  try {
    const pages: string[] = [];
    let collected = 0;
    let withoutText = 0;
    for (
      let number = 1;
      number <= pdf.numPages && collected < maxBytes && withoutText < MAX_PAGES_WITHOUT_TEXT;
      number += 1
    ) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .trim();
      page.cleanup();
      if (text === '') {
        withoutText += 1;
        continue;
      }
      withoutText = 0;
      pages.push(text);
      collected += encoder.encode(text).byteLength + PAGE_BREAK.length;
    }
    return pages.join(PAGE_BREAK);
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/**
 * Reads the stored PDF under `storageKey` and keeps its text beside it; the text's length in
 * bytes, or null when there is none to keep: a file over PDF_TEXT_MAX_FILE_BYTES, a scan, or
 * a PDF that cannot be read. Never throws: an unreadable PDF is still a stored file.
 */
export async function storePdfText(bucket: PdfTextBucket, storageKey: string, bytes: number): Promise<number | null> {
  if (bytes > PDF_TEXT_MAX_FILE_BYTES) return null;
  try {
    const object = await bucket.get(storageKey);
    if (!object) return null;
    const text = await pdfPagesText(new Uint8Array(await object.arrayBuffer()), KEPT_TEXT_BYTES);
    if (text === '') return null;
    // A cut mid-character is past what a prompt reads (DOCUMENT_MAX_BYTES), so it is never shown.
    const kept = encoder.encode(text).subarray(0, KEPT_TEXT_BYTES);
    await bucket.put(pdfTextKey(storageKey), kept, { httpMetadata: { contentType: 'text/plain; charset=utf-8' } });
    return kept.byteLength;
  } catch (error) {
    log.warn('pdf_text_unreadable', { bytes, error: errorMessage(error) });
    return null;
  }
}
