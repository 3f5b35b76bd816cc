import { type CardSize, TABLE_CARD_LINE } from '@sufra/shared/schemas/manage-tables';
import qrcode from 'qrcode-generator';
import sharp from 'sharp';

/**
 * Printable table cards as a PNG, drawn as SVG and rasterised by sharp (librsvg + Pango, so the Arabic line is
 * shaped by HarfBuzz with the machine's Arabic font: Noto Naskh Arabic on Debian, `fonts-noto-core`).
 * A4 at 150 dpi (1240 × 1754 px) holds 2 × 3 cards; a tent card is one card at 10 × 15 cm (591 × 886 px at 150 dpi).
 * docs/adr/0450-table-cards-png-server-side.md says why PNG and not PDF.
 */

export interface CardInput {
  number: string;
  url: string;
}

export interface CardSheet {
  brandName: { ar: string; en: string };
  cards: CardInput[];
  size: CardSize;
}

const A4 = { width: 1240, height: 1754, columns: 2, rows: 3, margin: 60 } as const;
const TENT = { width: 591, height: 886 } as const;
/** Cards per A4 sheet. */
export const CARDS_PER_SHEET = A4.columns * A4.rows;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The URL's QR code as one SVG path, `size` px square with a four-module quiet zone. */
function qrPath(url: string, x: number, y: number, size: number): string {
  // M: a printed card survives a scratch or a coffee ring; the URL is short enough for a small code.
  const qr = qrcode(0, 'M');
  qr.addData(url, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const cell = size / (count + 8);
  let d = '';
  for (let r = 0; r < count; r += 1) {
    for (let c = 0; c < count; c += 1) {
      if (qr.isDark(r, c)) {
        d += `M${(x + (c + 4) * cell).toFixed(2)} ${(y + (r + 4) * cell).toFixed(2)}h${cell.toFixed(2)}v${cell.toFixed(2)}h-${cell.toFixed(2)}z`;
      }
    }
  }
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#000" shape-rendering="crispEdges"/>`;
}

/** One card in a `w` × `h` box at (x, y): brand, table number, the QR, the line in Arabic and English. */
function card(sheet: CardSheet, input: CardInput, x: number, y: number, w: number, h: number): string {
  const cx = x + w / 2;
  const qrSize = Math.min(w * 0.72, h * 0.5);
  const unit = h / 100;
  const font = 'font-family="Noto Naskh Arabic, Noto Sans, DejaVu Sans, sans-serif"';
  return [
    `<rect x="${x + 4}" y="${y + 4}" width="${w - 8}" height="${h - 8}" rx="18" fill="#fff" stroke="#5b2a86" stroke-width="4"/>`,
    `<text x="${cx}" y="${y + unit * 10}" ${font} font-size="${unit * 5}" font-weight="bold" fill="#5b2a86" text-anchor="middle">${escapeXml(sheet.brandName.ar)} · ${escapeXml(sheet.brandName.en)}</text>`,
    `<text x="${cx}" y="${y + unit * 20}" ${font} font-size="${unit * 8}" font-weight="bold" fill="#1d1230" text-anchor="middle">${escapeXml(input.number)}</text>`,
    qrPath(input.url, cx - qrSize / 2, y + unit * 24, qrSize),
    `<text x="${cx}" y="${y + unit * 24 + qrSize + unit * 8}" ${font} font-size="${unit * 4.4}" fill="#1d1230" text-anchor="middle" direction="rtl">${escapeXml(TABLE_CARD_LINE.ar)}</text>`,
    `<text x="${cx}" y="${y + unit * 24 + qrSize + unit * 14}" ${font} font-size="${unit * 3.8}" fill="#1d1230" text-anchor="middle">${escapeXml(TABLE_CARD_LINE.en)}</text>`,
  ].join('');
}

/** The sheet as SVG (A4: up to six cards; tent: the first card). */
export function cardSheetSvg(sheet: CardSheet): string {
  if (sheet.size === 'tent') {
    const first = sheet.cards[0];
    const body = first ? card(sheet, first, 0, 0, TENT.width, TENT.height) : '';
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${TENT.width}" height="${TENT.height}"><rect width="100%" height="100%" fill="#fff"/>${body}</svg>`;
  }
  const cellW = (A4.width - 2 * A4.margin) / A4.columns;
  const cellH = (A4.height - 2 * A4.margin) / A4.rows;
  const cards = sheet.cards
    .slice(0, CARDS_PER_SHEET)
    .map((c, i) =>
      card(
        sheet,
        c,
        A4.margin + (i % A4.columns) * cellW,
        A4.margin + Math.floor(i / A4.columns) * cellH,
        cellW,
        cellH,
      ),
    );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${A4.width}" height="${A4.height}"><rect width="100%" height="100%" fill="#fff"/>${cards.join('')}</svg>`;
}

/** The sheet as a PNG (150 dpi recorded in its header, so it prints at A4 or 10 × 15 cm). */
export async function renderCardSheet(sheet: CardSheet): Promise<Buffer> {
  return sharp(Buffer.from(cardSheetSvg(sheet)))
    .png({ compressionLevel: 9, palette: true })
    .withMetadata({ density: 150 })
    .toBuffer();
}
