import { describe, expect, it } from 'vitest';
import { animatedGif, fakeJpegHtml, photo, svgWithScript } from '../../test/image-fixtures.js';
import { SNIFF_BYTES, sniffChatFile } from './detect.js';
import { isoVideo, mov, mp4, webm } from '../../test/video-fixtures.js';

const head = (b: Buffer) => b.subarray(0, SNIFF_BYTES);

describe('sniffChatFile', () => {
  it.each(['jpeg', 'png', 'webp', 'gif', 'avif'] as const)('%s is an image', async (format) => {
    expect(sniffChatFile(head(await photo(16, 16, format)))).toEqual({ kind: 'image', format });
  });

  it('an animated GIF is an image (the pipeline decides about its frames)', async () => {
    expect(sniffChatFile(head(await animatedGif()))).toEqual({ kind: 'image', format: 'gif' });
  });

  it.each([
    ['MP4 (isom)', mp4(), 'mp4'],
    ['MP4 (mp42 screen recording)', isoVideo(512, 'mp42', ['mp42', 'isom']), 'mp4'],
    ['MP4 (M4V)', isoVideo(512, 'M4V ', ['M4V ', 'M4A ', 'mp42', 'isom']), 'mp4'],
    ['MP4 (Android 3gp4 with isom)', isoVideo(512, '3gp4', ['isom', '3gp4']), 'mp4'],
    ['MOV', mov(), 'mov'],
    ['WebM', webm(), 'webm'],
  ] as const)('%s is a video', (_name, bytes, format) => {
    expect(sniffChatFile(head(bytes))).toEqual({ kind: 'video', format });
  });

  it('WebM: the DocType may come after other header elements, including a Void element', () => {
    const header = Buffer.from([
      0x1a, 0x45, 0xdf, 0xa3, 0x80 | 17,
      0x42, 0x86, 0x81, 0x01, // EBMLVersion
      0xec, 0x82, 0x00, 0x00, // Void, 2 bytes
      0x42, 0x82, 0x84, ...Buffer.from('webm'), // DocType
    ]);
    expect(sniffChatFile(Buffer.concat([header, Buffer.alloc(64)]))).toEqual({ kind: 'video', format: 'webm' });
  });

  it.each([
    ['HTML', fakeJpegHtml()],
    ['SVG', svgWithScript()],
    ['Matroska', webm(512, 'matroska')],
    ['EBML without a DocType', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x86, 0x81, 0x01])],
    ['EBML cut in the middle of an element', webm(512).subarray(0, 20)],
    ['EBML with a zero length byte', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x00, 0x00])],
    ['M4A audio', isoVideo(512, 'M4A ', ['M4A ', 'mp42', 'isom'])],
    ['M4B audiobook', isoVideo(512, 'M4B ', ['M4B ', 'mp42', 'isom'])],
    ['HEIC', isoVideo(512, 'heic', ['mif1', 'heic'])],
    ['HEIF sequence with ISO brands', isoVideo(512, 'msf1', ['msf1', 'iso8', 'hevc'])],
    ['3GPP only', isoVideo(512, '3gp5', ['3gp5'])],
    ['an unknown brand', isoVideo(512, 'abcd', ['abcd'])],
    ['ftyp box too short', Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from('ftypisom')])],
    ['ftyp later in the file', Buffer.concat([Buffer.alloc(4), mp4()])],
    ['a QuickTime file without ftyp', Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from('wide'), Buffer.alloc(64)])],
    ['empty', Buffer.alloc(0)],
    ['three bytes', Buffer.from([0x1a, 0x45, 0xdf])],
  ])('%s is refused', (_name, bytes) => {
    expect(sniffChatFile(head(bytes))).toBeNull();
  });
});
