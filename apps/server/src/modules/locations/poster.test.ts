import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { fitLines, posterPdf, posterPng, qrModulesPath, winAnsiText } from './poster.js';
import { posterFileName } from './routes.js';

const url = 'https://club.example.com/locations/check-in?t=AXb3kQ0tBq9a0QnY7d8UAAQ3nC1vZq0x9hXGmXgYp2wAAAAAAAAAAA';

describe('posters', () => {
  it('PNG: A4 at 150 dpi, black on white, the QR drawn from the same modules as the screen’s SVG', async () => {
    const png = await posterPng({ name: 'Café Hey ✨ Tampa Heights', url });
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1240, height: 1754 });
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const dark = data.filter((v) => v < 128).length / (info.width * info.height);
    // Text and a QR of about 900 px: a good share of the page is ink, most of it paper.
    expect(dark).toBeGreaterThan(0.15);
    expect(dark).toBeLessThan(0.6);
    // The top band holds the words (glyph outlines: no system font needed), the bottom band the hint.
    const inkIn = (top: number, bottom: number) => {
      let n = 0;
      for (let y = top; y < bottom; y++) for (let x = 0; x < info.width; x++) if (data[y * info.width + x]! < 128) n++;
      return n;
    };
    expect(inkIn(100, 300)).toBeGreaterThan(5000);
    expect(inkIn(1600, 1700)).toBeGreaterThan(1000);
    expect(qrModulesPath(url).size).toBeLessThanOrEqual(45);
  });

  it('PDF: one A4 page, Helvetica (no font file), the name in the title', async () => {
    const pdf = await posterPdf({ name: 'Café Hey ✨ Tampa Heights', url });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(doc.getTitle()).toBe('Check in at Café Hey ✨ Tampa Heights');
    expect(pdf.toString('latin1')).toContain('/BaseFont /Helvetica-Bold');
    expect(pdf.toString('latin1')).not.toContain('/FontFile');
  });

  it('Helvetica text: accents kept, what WinAnsi lacks becomes plain or goes', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(winAnsiText('Café ✨ Dvořák  Bar', font)).toBe('Café Dvorák Bar');
  });

  it('names wrap to at most three lines at the largest size that fits', () => {
    const measure = (s: string, size: number) => s.length * size * 0.6;
    expect(fitLines('Short', measure, 600, [100, 50], 3)).toEqual({ lines: ['Short'], size: 100 });
    const long = fitLines('A much longer name of a place by the bay', measure, 600, [100, 50], 3);
    expect(long.size).toBe(50);
    expect(long.lines.length).toBeLessThanOrEqual(3);
    expect(fitLines('Supercalifragilistic', measure, 300, [100], 3).lines.every((l) => measure(l, 100) <= 300)).toBe(true);
  });

  it('file names are plain ASCII', () => {
    expect(posterFileName('Café Hey — Tampa!', 'pdf')).toBe('cafe-hey-tampa-poster.pdf');
    expect(posterFileName('✨✨', 'png')).toBe('place-poster.png');
  });
});
