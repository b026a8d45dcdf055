import fs from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { Locale } from '@bayclub/shared';
import { translatorFor } from '../../platform/i18n.js';
import { createFifoLimit } from '../../platform/images.js';

/**
 * The place's QR as SVG (screen) and its printable poster as PNG and PDF (decision 016). A fresh server may have
 * no system fonts, and sharp (librsvg) draws SVG <text> with them, so the PNG's words are drawn as glyph outlines
 * from Inter (the @fontsource/inter package's WOFF files, read by opentype.js): paths need no font. The PDF uses
 * the standard Helvetica every PDF reader has (pdf-lib, nothing embedded), so its text stays real text. Both draw
 * the QR from the same module matrix as vector squares, so it prints sharp at any size. Its words are in the language
 * of the member who downloads it (issue 26); the place's name is the club's own, never translated.
 */

const require = createRequire(import.meta.url);
const loadFont = (file: string) => {
  const data = fs.readFileSync(require.resolve(`@fontsource/inter/files/${file}`));
  return opentype.parse(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
};
let fonts: { bold: opentype.Font[]; regular: opentype.Font[] } | null = null;
/** Inter's Latin and Latin Extended subsets, loaded on the first poster. */
const interFonts = () =>
  (fonts ??= {
    bold: [loadFont('inter-latin-700-normal.woff'), loadFont('inter-latin-ext-700-normal.woff')],
    regular: [loadFont('inter-latin-400-normal.woff'), loadFont('inter-latin-ext-400-normal.woff')],
  });

/** The QR image a screen shows: SVG, error correction M, a one-module margin. */
export function placeQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}

/** The QR's dark modules as one SVG path in module units (runs of a row merged), and its size in modules. */
export function qrModulesPath(url: string): { path: string; size: number } {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      parts.push(`M${start} ${row}h${col - start}v1h${start - col}z`);
    }
  }
  return { path: parts.join(''), size: modules.size };
}

// ---------------------------------------------------------------------------------------------------------
// Text as outlines (PNG)

/** `text` without the characters none of `faces` has (an emoji would print as a "no glyph" box). */
function drawableText(text: string, faces: opentype.Font[]): string {
  return [...text.normalize('NFC')].filter((ch) => faces.some((f) => f.charToGlyphIndex(ch) > 0)).join('').replace(/\s+/g, ' ').trim();
}

/** Each character from the first of `faces` that has it (Latin, then Latin Extended). */
function layoutText(text: string, faces: opentype.Font[], size: number) {
  const glyphs: Array<{ font: opentype.Font; glyph: opentype.Glyph; x: number }> = [];
  let x = 0;
  let previous: { font: opentype.Font; glyph: opentype.Glyph } | null = null;
  for (const ch of text) {
    const font = faces.find((f) => f.charToGlyphIndex(ch) > 0) ?? faces[0]!;
    const glyph = font.charToGlyph(ch);
    const scale = size / font.unitsPerEm;
    if (previous && previous.font === font) x += font.getKerningValue(previous.glyph, glyph) * scale;
    glyphs.push({ font, glyph, x });
    x += (glyph.advanceWidth ?? 0) * scale;
    previous = { font, glyph };
  }
  return { glyphs, width: x };
}

function textWidth(text: string, faces: opentype.Font[], size: number) {
  return layoutText(text, faces, size).width;
}

/** SVG path data of `text` centred on `centerX` with its baseline at `baseline`. */
function centredTextPath(text: string, faces: opentype.Font[], size: number, centerX: number, baseline: number): string {
  const { glyphs, width } = layoutText(text, faces, size);
  const left = centerX - width / 2;
  return glyphs.map((g) => g.glyph.getPath(left + g.x, baseline, size).toPathData(2)).join('');
}

/**
 * Break `text` into at most `maxLines` lines no wider than `maxWidth` at the largest size from `sizes` that fits
 * (a word longer than a line is cut by characters).
 */
export function fitLines(text: string, measure: (s: string, size: number) => number, maxWidth: number, sizes: number[], maxLines: number) {
  let fallback: { lines: string[]; size: number } | null = null;
  for (const size of sizes) {
    const lines: string[] = [];
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const last = lines[lines.length - 1];
      if (last !== undefined && measure(`${last} ${word}`, size) <= maxWidth) lines[lines.length - 1] = `${last} ${word}`;
      else {
        let rest = word;
        while (measure(rest, size) > maxWidth && rest.length > 1) {
          let cut = rest.length - 1;
          while (cut > 1 && measure(rest.slice(0, cut), size) > maxWidth) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        lines.push(rest);
      }
    }
    fallback = { lines: lines.slice(0, maxLines), size };
    if (lines.length <= maxLines) return fallback;
  }
  return fallback!;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A4 portrait at 150 dpi. */
const PNG = { width: 1240, height: 1754, margin: 110 } as const;
const posterSlots = createFifoLimit(1);

/** What a poster shows: the place's name, its check-in URL, and the language of its words (English by default). */
export interface PosterInput {
  name: string;
  url: string;
  locale?: Locale;
}

/** The poster's own words in its language: the heading above the name and the hint below the QR. */
const posterWords = (locale: Locale = 'en') => {
  const t = translatorFor(locale);
  return { heading: t('locations.poster.heading'), hint: t('locations.poster.hint') };
};

/** The print-ready PNG poster: "Check in at", the place's name, the QR and the hint, black on white. */
export async function posterPng(p: PosterInput): Promise<Buffer> {
  const { bold, regular } = interFonts();
  const words = posterWords(p.locale);
  const contentWidth = PNG.width - 2 * PNG.margin;
  const name = fitLines(drawableText(p.name, bold) || '?', (s, size) => textWidth(s, bold, size), contentWidth, [120, 104, 92, 80, 68, 58], 3);
  const paths: string[] = [];
  let y = PNG.margin + 60;
  paths.push(centredTextPath(words.heading, regular, 54, PNG.width / 2, y));
  y += 40;
  for (const line of name.lines) {
    y += name.size * 1.12;
    paths.push(centredTextPath(line, bold, name.size, PNG.width / 2, y));
  }
  const hintY = PNG.height - PNG.margin;
  const hintLines = fitLines(words.hint, (s, size) => textWidth(s, regular, size), contentWidth, [44, 38], 2);
  const hint = hintLines.lines.map((line, i) => centredTextPath(line, regular, hintLines.size, PNG.width / 2, hintY - (hintLines.lines.length - 1 - i) * hintLines.size * 1.25));

  const qr = qrModulesPath(p.url);
  const qrTop = y + 70;
  const qrBottom = hintY - hintLines.lines.length * hintLines.size * 1.25 - 50;
  const qrSide = Math.min(contentWidth, qrBottom - qrTop);
  const scale = qrSide / qr.size;
  const qrLeft = (PNG.width - qrSide) / 2;

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PNG.width}" height="${PNG.height}" viewBox="0 0 ${PNG.width} ${PNG.height}">
<title>${escapeXml(p.name)}</title>
<rect width="100%" height="100%" fill="#fff"/>
<path fill="#000" d="${[...paths, ...hint].join('')}"/>
<path fill="#000" transform="translate(${qrLeft.toFixed(2)} ${qrTop.toFixed(2)}) scale(${scale.toFixed(4)})" shape-rendering="crispEdges" d="${qr.path}"/>
</svg>`;
  return posterSlots.run(() => sharp(Buffer.from(svg), { density: 72 }).png({ compressionLevel: 9, palette: true }).toBuffer());
}

// ---------------------------------------------------------------------------------------------------------
// PDF (Helvetica)

/** Characters Helvetica (WinAnsi) cannot show are replaced by their unaccented form, else dropped. */
export function winAnsiText(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (supported.has(ch.codePointAt(0)!)) out += ch;
    else {
      const plain = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      if ([...plain].every((c) => supported.has(c.codePointAt(0)!))) out += plain;
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** A4 in points. */
const PDF = { width: 595.28, height: 841.89, margin: 56 } as const;

/** The poster as one A4 PDF page: the same layout as the PNG, with real text in Helvetica. */
export async function posterPdf(p: PosterInput): Promise<Buffer> {
  const words = posterWords(p.locale);
  const doc = await PDFDocument.create();
  doc.setTitle(`${words.heading} ${p.name}`);
  doc.setCreator('Bay Club');
  doc.setProducer('Bay Club');
  const page = doc.addPage([PDF.width, PDF.height]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const contentWidth = PDF.width - 2 * PDF.margin;
  const black = rgb(0, 0, 0);
  const centred = (text: string, font: PDFFont, size: number, baselineFromTop: number) =>
    page.drawText(text, { x: (PDF.width - font.widthOfTextAtSize(text, size)) / 2, y: PDF.height - baselineFromTop, size, font, color: black });

  let y = PDF.margin + 26;
  centred(words.heading, regular, 24, y);
  y += 18;
  const name = fitLines(winAnsiText(p.name, bold) || '?', (s, size) => bold.widthOfTextAtSize(s, size), contentWidth, [54, 46, 40, 34, 28], 3);
  for (const line of name.lines) {
    y += name.size * 1.15;
    centred(line, bold, name.size, y);
  }
  const hint = fitLines(winAnsiText(words.hint, regular), (s, size) => regular.widthOfTextAtSize(s, size), contentWidth, [20, 17], 2);
  const hintBottom = PDF.height - PDF.margin;
  hint.lines.forEach((line, i) => centred(line, regular, hint.size, hintBottom - (hint.lines.length - 1 - i) * hint.size * 1.3));

  const qr = qrModulesPath(p.url);
  const qrTop = y + 34;
  const qrBottom = hintBottom - hint.lines.length * hint.size * 1.3 - 24;
  const qrSide = Math.min(contentWidth, qrBottom - qrTop);
  // drawSvgPath: (x, y) is the path's top-left, y measured from the page's bottom; SVG y runs downwards.
  page.drawSvgPath(qr.path, { x: (PDF.width - qrSide) / 2, y: PDF.height - qrTop, scale: qrSide / qr.size, color: black, borderWidth: 0 });
  // Plain objects (no object streams): a few hundred bytes more, readable by any tool that looks inside.
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
