/*
 * Minimal video containers for the tests, built in memory: the header a browser (and our sniffing) reads,
 * then padding in a media-data box, so a file of any exact size can be made. They are not playable; the
 * server never decodes videos, it only recognises the container.
 */

function box(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

/** An ISO-BMFF file: `ftyp` (major brand, minor version, compatible brands) then `mdat` up to `bytes`. */
export function isoVideo(bytes: number, major: string, compatible: string[]): Buffer {
  const ftyp = box('ftyp', Buffer.from(`${major}\0\0\x02\0${compatible.join('')}`, 'latin1'));
  const pad = bytes - ftyp.length - 8;
  if (pad < 0) throw new Error(`an ISO file needs at least ${ftyp.length + 8} bytes`);
  return Buffer.concat([ftyp, box('mdat', Buffer.alloc(pad, 0x11))]);
}

/** MP4 as phones write it (major brand isom, compatible isom/iso2/avc1/mp41). */
export const mp4 = (bytes = 2048) => isoVideo(bytes, 'isom', ['isom', 'iso2', 'avc1', 'mp41']);

/** QuickTime MOV as an iPhone writes it (major brand `qt  `). */
export const mov = (bytes = 2048) => isoVideo(bytes, 'qt  ', ['qt  ']);

/** An EBML element: id bytes, a one-byte size (values under 127) and the value. */
const element = (id: number[], value: Buffer) => Buffer.from([...id, 0x80 | value.length, ...value]);

/** A WebM (or, with another doc type, Matroska) file: the EBML header, then a Segment padded to `bytes`. */
export function webm(bytes = 2048, docType = 'webm'): Buffer {
  const body = Buffer.concat([
    element([0x42, 0x86], Buffer.from([1])), // EBMLVersion
    element([0x42, 0xf7], Buffer.from([1])), // EBMLReadVersion
    element([0x42, 0xf2], Buffer.from([4])), // EBMLMaxIDLength
    element([0x42, 0xf3], Buffer.from([8])), // EBMLMaxSizeLength
    element([0x42, 0x82], Buffer.from(docType, 'latin1')), // DocType
    element([0x42, 0x87], Buffer.from([4])), // DocTypeVersion
    element([0x42, 0x85], Buffer.from([2])), // DocTypeReadVersion
  ]);
  const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body]);
  // Segment: id, then an 8-byte size (0x01 marker + 7 bytes), then filler.
  const pad = bytes - header.length - 12;
  if (pad < 0) throw new Error(`a WebM file needs at least ${header.length + 12} bytes`);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(pad), 0);
  size[0] = 0x01;
  return Buffer.concat([header, Buffer.from([0x18, 0x53, 0x80, 0x67]), size, Buffer.alloc(pad, 0)]);
}
