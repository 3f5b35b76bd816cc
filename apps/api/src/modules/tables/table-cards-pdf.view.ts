import { readFileSync } from 'node:fs';
import { TABLE_CARD_LINE } from '@sufra/shared/schemas/manage-tables';
import bidiJs from 'bidi-js';
import PDFDocument from 'pdfkit';
import qrcode from 'qrcode-generator';
import type { CardInput, CardSheet } from './table-cards.service.ts';

/**
 * Table cards as a PDF (docs/adr/0640-table-cards-pdf-pdfkit.md): pdfkit draws them, the QR as vector squares,
 * the Arabic in Noto Naskh Arabic shipped in apps/api/assets/fonts (shaped by fontkit, pdfkit's font engine), the
 * Latin in the PDF's standard Helvetica (nothing to embed). pdfkit lays a string out left to right word by word, so
 * each line is cut here into runs of one direction and one font with bidi-js (the Unicode bidi algorithm), the runs
 * put in visual order, and every right-to-left run laid out whole by fontkit (which reverses its glyphs).
 * A4: six cards a page (2 × 3, 95 × 92 mm); tent: one card a page at the folded size, 100 × 150 mm.
 */

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM, columns: 2, rows: 3, margin: 10 * MM } as const;
const TENT = { width: 100 * MM, height: 150 * MM } as const;
export const PDF_CARDS_PER_A4 = A4.columns * A4.rows;
/** The page sizes in points, as the PDF's MediaBox states them. */
export const PDF_PAGE_SIZES = { a4: [A4.width, A4.height], tent: [TENT.width, TENT.height] } as const;

const fontFile = (name: string) => readFileSync(new URL(`../../../assets/fonts/${name}`, import.meta.url));
const FONTS = {
  arabic: fontFile('NotoNaskhArabic-Regular.ttf'),
  arabicBold: fontFile('NotoNaskhArabic-Bold.ttf'),
} as const;
const PURPLE = '#5b2a86';
const INK = '#1d1230';

// bidi-js is a UMD file whose types describe an ES default export: Node hands over the factory itself.
const bidi = (bidiJs as unknown as typeof bidiJs.default)();
/** Arabic-script letters and marks (the blocks Noto Naskh Arabic covers), which take the Arabic font. */
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
// The middle dot is not among them: Noto Naskh Arabic has no glyph for it, Helvetica has.
const NEUTRAL = /[\s.,:;\-–—()]/;

interface Run {
  text: string;
  level: number;
  arabic: boolean;
}

/** A line cut into runs of one bidi level and one font, in visual (left-to-right drawing) order. */
export function visualRuns(text: string, base: 'ltr' | 'rtl'): Run[] {
  const { levels } = bidi.getEmbeddingLevels(text, base);
  const runs: Run[] = [];
  let arabic = base === 'rtl';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charAt(i);
    // A space or a dot keeps the font of what precedes it: fewer runs, and an Arabic phrase stays one run.
    if (!NEUTRAL.test(ch)) arabic = ARABIC.test(ch);
    const level = levels[i] ?? 0;
    const last = runs.at(-1);
    if (last && last.level === level && last.arabic === arabic) last.text += ch;
    else runs.push({ text: ch, level, arabic });
  }
  // Rule L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or above.
  const highest = Math.max(0, ...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : r.level + 1)));
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let i = 0; i < runs.length; ) {
      if ((runs[i]?.level ?? 0) < level) {
        i += 1;
        continue;
      }
      let j = i;
      while (j < runs.length && (runs[j]?.level ?? 0) >= level) j += 1;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs;
}

type Doc = PDFKit.PDFDocument;

function fontOf(doc: Doc, run: Run, bold: boolean): void {
  if (run.arabic) doc.font(bold ? 'arabic-bold' : 'arabic');
  else doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
}

/** An RTL run is laid out whole (`features` set); a neutral run at an RTL level is drawn reversed. */
function runText(run: Run): { text: string; options: PDFKit.Mixins.TextOptions } {
  const rtl = run.level % 2 === 1;
  if (rtl && !run.arabic) return { text: [...run.text].reverse().join(''), options: {} };
  return { text: run.text, options: rtl ? { features: [] } : {} };
}

/** One line centred on `cx` at `y`, shrunk to fit `maxWidth`. */
function line(
  doc: Doc,
  text: string,
  base: 'ltr' | 'rtl',
  cx: number,
  y: number,
  size: number,
  maxWidth: number,
  bold = false,
) {
  const runs = visualRuns(text, base);
  const widthAt = (s: number) =>
    runs.reduce((sum, run) => {
      fontOf(doc, run, bold);
      const { text: t, options } = runText(run);
      return sum + doc.fontSize(s).widthOfString(t, options);
    }, 0);
  let fontSize = size;
  let width = widthAt(fontSize);
  if (width > maxWidth) {
    fontSize = (size * maxWidth) / width;
    width = widthAt(fontSize);
  }
  let x = cx - width / 2;
  for (const run of runs) {
    fontOf(doc, run, bold);
    const { text: t, options } = runText(run);
    doc.fontSize(fontSize);
    doc.text(t, x, y - fontSize, { ...options, lineBreak: false });
    x += doc.widthOfString(t, options);
  }
}

/** The URL's QR code as filled squares (vector: sharp at any print size), with a four-module quiet zone. */
function qr(doc: Doc, url: string, x: number, y: number, size: number): void {
  // M: a printed card survives a scratch or a coffee ring; the URL is short enough for a small code.
  const code = qrcode(0, 'M');
  code.addData(url, 'Byte');
  code.make();
  const count = code.getModuleCount();
  const cell = size / (count + 8);
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let r = 0; r < count; r += 1) {
    for (let c = 0; c < count; c += 1) {
      if (code.isDark(r, c)) doc.rect(x + (c + 4) * cell, y + (r + 4) * cell, cell + 0.01, cell + 0.01);
    }
  }
  doc.fill('#000000');
  // The code is also a link: a PDF opened on a screen takes the owner to the table's page.
  doc.link(x, y, size, size, url);
}

/** One card in a `w` × `h` box at (x, y): brand, table number, the QR, the line in Arabic and English. */
function card(doc: Doc, sheet: CardSheet, input: CardInput, x: number, y: number, w: number, h: number): void {
  const cx = x + w / 2;
  const unit = h / 100;
  const qrSize = Math.min(w * 0.62, h * 0.5);
  const inner = w - 24;
  doc
    .roundedRect(x + 3, y + 3, w - 6, h - 6, 10)
    .lineWidth(2)
    .stroke(PURPLE);
  doc.fillColor(PURPLE);
  line(doc, `${sheet.brandName.ar} · ${sheet.brandName.en}`, 'rtl', cx, y + unit * 11, unit * 5.2, inner, true);
  doc.fillColor(INK);
  line(doc, input.number, 'rtl', cx, y + unit * 21, unit * 8, inner, true);
  const qrY = y + unit * 25;
  qr(doc, input.url, cx - qrSize / 2, qrY, qrSize);
  doc.fillColor(INK);
  line(doc, TABLE_CARD_LINE.ar, 'rtl', cx, qrY + qrSize + unit * 8, unit * 5, inner);
  line(doc, TABLE_CARD_LINE.en, 'ltr', cx, qrY + qrSize + unit * 14.5, unit * 4.2, inner);
}

/** Every card of the sheet: A4 pages of six, or one tent card a page (at least one page, blank when no card). */
export async function renderCardsPdf(sheet: CardSheet): Promise<Buffer> {
  const size = PDF_PAGE_SIZES[sheet.size];
  const doc = new PDFDocument({
    size: [...size],
    margin: 0,
    autoFirstPage: false,
    info: { Title: `${sheet.brandName.en}: table cards`, Creator: 'Sufra' },
    lang: 'ar',
  });
  doc.registerFont('arabic', FONTS.arabic);
  doc.registerFont('arabic-bold', FONTS.arabicBold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const perPage = sheet.size === 'a4' ? PDF_CARDS_PER_A4 : 1;
  const pages = Math.max(1, Math.ceil(sheet.cards.length / perPage));
  for (let page = 0; page < pages; page += 1) {
    doc.addPage({ size: [...size], margin: 0 });
    const cards = sheet.cards.slice(page * perPage, (page + 1) * perPage);
    if (sheet.size === 'tent') {
      const first = cards[0];
      if (first) card(doc, sheet, first, 0, 0, TENT.width, TENT.height);
      continue;
    }
    const cellW = (A4.width - 2 * A4.margin) / A4.columns;
    const cellH = (A4.height - 2 * A4.margin) / A4.rows;
    cards.forEach((c, i) => {
      card(
        doc,
        sheet,
        c,
        A4.margin + (i % A4.columns) * cellW,
        A4.margin + Math.floor(i / A4.columns) * cellH,
        cellW,
        cellH,
      );
    });
  }
  doc.end();
  return done;
}
