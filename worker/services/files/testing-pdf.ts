/*
 * Small valid PDFs for tests, written by hand: one page per entry of `pages`, each page's text
 * drawn in Helvetica, line by line, from the top (pdf.js leaves out text drawn off the page, so a
 * page holds about 50 lines of at most 90 characters). `compress` stores the content streams FlateDecode-compressed,
 * as most real PDFs do; a page of '' has no text at all, as a scanned page has none.
 */

export interface PdfOptions {
  /** Each page's lines. */
  pages: readonly (readonly string[])[];
  compress?: boolean;
}

const encoder = new TextEncoder();

/** Content streams are bytes: with WinAnsiEncoding each character below U+0100 is one byte. */
const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);

/** PDF string syntax: backslash, parentheses escaped. */
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;

function contentStream(lines: readonly string[]): string {
  if (lines.length === 0) return '';
  const shown = lines.map((line, index) => `${index === 0 ? '' : 'T* '}${pdfString(line)} Tj`).join('\n');
  return `BT\n/F1 12 Tf\n14 TL\n72 720 Td\n${shown}\nET`;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const compressed = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(compressed).arrayBuffer());
}

const concat = (chunks: readonly Uint8Array[]) => {
  const out = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
};

/** The PDF's bytes, with a correct cross-reference table. */
export async function buildPdf(options: PdfOptions): Promise<Uint8Array> {
  const count = options.pages.length;
  // Objects: 1 catalog, 2 page tree, 3 font, then a page and its content stream per page.
  const pageId = (index: number) => 4 + index * 2;
  const objects: Uint8Array[] = [
    encoder.encode('<< /Type /Catalog /Pages 2 0 R >>'),
    encoder.encode(
      `<< /Type /Pages /Kids [${options.pages.map((_, index) => `${pageId(index)} 0 R`).join(' ')}] /Count ${count} >>`,
    ),
    encoder.encode('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
  ];
  for (const [index, lines] of options.pages.entries()) {
    objects.push(
      encoder.encode(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId(index) + 1} 0 R >>`,
      ),
    );
    const content = latin1(contentStream(lines));
    const data = options.compress ? await deflate(content) : content;
    const filter = options.compress ? ' /Filter /FlateDecode' : '';
    objects.push(
      concat([
        encoder.encode(`<< /Length ${data.byteLength}${filter} >>\nstream\n`),
        data,
        encoder.encode('\nendstream'),
      ]),
    );
  }
  const chunks: Uint8Array[] = [encoder.encode('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = chunks[0]?.byteLength ?? 0;
  for (const [index, body] of objects.entries()) {
    offsets.push(length);
    const object = concat([encoder.encode(`${index + 1} 0 obj\n`), body, encoder.encode('\nendobj\n')]);
    chunks.push(object);
    length += object.byteLength;
  }
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
  ].join('\n');
  chunks.push(encoder.encode(`${xref}\n`));
  return concat(chunks);
}

/**
 * Not a PDF past its header: what a truncated or damaged upload looks like. New bytes each
 * call, since pdf.js detaches the buffer it reads.
 */
export const corruptPdf = (): Uint8Array =>
  encoder.encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R\nstream\u0000\u0001garbage');
