/**
 * Decides what an upload is from its first bytes (spec §5: JPG, GIF, PNG and BMP only). The name
 * and the type the browser claims are never consulted: an HTML page renamed `.png` or an SVG
 * (text, able to carry scripts) is not an image here. The checks are a little stricter than a
 * bare signature so that a text file that happens to start with `BM` is not taken for a bitmap.
 */
export type ImageMime = 'image/jpeg' | 'image/gif' | 'image/png' | 'image/bmp';

export const IMAGE_EXTENSIONS: Readonly<Record<ImageMime, string>> = {
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/png': 'png',
  'image/bmp': 'bmp',
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** BITMAPCOREHEADER, BITMAPINFOHEADER, OS/2 v2 and the V2-V5 headers. */
const BMP_HEADER_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

function ascii(text: string): number[] {
  return [...text].map((ch) => ch.charCodeAt(0));
}

function uint32le(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)) + bytes[at + 3]! * 0x1000000;
}

export function sniffImage(bytes: Uint8Array): ImageMime | null {
  // JPEG: SOI marker followed by another marker.
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // PNG: the 8-byte signature, then the IHDR chunk, which must come first.
  if (startsWith(bytes, PNG_SIGNATURE) && startsWith(bytes, ascii('IHDR'), 12)) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  // BMP: `BM`, reserved bytes zero, a known DIB header size, pixel data inside the file.
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 26) {
    const reservedZero = bytes[6] === 0 && bytes[7] === 0 && bytes[8] === 0 && bytes[9] === 0;
    const pixelOffset = uint32le(bytes, 10);
    const headerSize = uint32le(bytes, 14);
    if (
      reservedZero &&
      BMP_HEADER_SIZES.has(headerSize) &&
      pixelOffset >= 14 + headerSize &&
      pixelOffset <= bytes.length
    )
      return 'image/bmp';
  }
  return null;
}
