/**
 * The image rules of spec §5 as pure functions: which file types are accepted (decided by the
 * file's first bytes, since a name or a browser-reported type is only a claim), the size limit,
 * and the pixel budget of compression.
 */

/** `heic`: an iPhone photo (HEIF container); converted to JPEG in the browser before upload. */
export type ImageKind = 'jpeg' | 'gif' | 'png' | 'bmp' | 'heic';

/** Spec §5: 3 MB unless the caller configures another limit. */
export const DEFAULT_MAX_MB = 3;
/** Spec §5: about 8 million pixels at most after compression. */
export const MAX_PIXELS = 8_000_000;
/** Spec §5: the shared widget compresses with quality 0.5. */
export const WIDGET_QUALITY = 0.5;

/**
 * What a file may weigh before it is even decoded: compression brings any accepted image under the
 * upload limit (issue 18 §4), but a decoder must not be handed an arbitrarily large file.
 */
export const READ_LIMIT_MB = 40;

/** Bytes needed to recognise every accepted kind (HEIC's brand sits at bytes 8-11). */
export const SIGNATURE_BYTES = 12;

/** HEIF brands of still photos from phones: `ftyp` at byte 4, then the brand. */
const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];

const SIGNATURES: ReadonlyArray<{ kind: ImageKind; bytes: ReadonlyArray<number | readonly number[]> }> = [
  { kind: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // "GIF87a" or "GIF89a".
  { kind: 'gif', bytes: [0x47, 0x49, 0x46, 0x38, [0x37, 0x39], 0x61] },
  // "BM".
  { kind: 'bmp', bytes: [0x42, 0x4d] },
];

/** The accepted image kind whose signature starts `head`, or null. */
export function imageKindOf(head: Uint8Array): ImageKind | null {
  const match = SIGNATURES.find(({ bytes }) =>
    bytes.every((expected, i) => {
      const actual = head[i];
      return typeof expected === 'number' ? actual === expected : expected.includes(actual ?? -1);
    }),
  );
  if (match) return match.kind;
  const text = String.fromCharCode(...head.slice(4, 12));
  return text.startsWith('ftyp') && HEIF_BRANDS.includes(text.slice(4)) ? 'heic' : null;
}

export async function sniffImageKind(file: Blob): Promise<ImageKind | null> {
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  return imageKindOf(head);
}

export function exceedsLimit(size: number, maxMb: number): boolean {
  return size > maxMb * 1024 * 1024;
}

/**
 * The largest size with the same aspect ratio within `maxPixels` (never enlarged). Rounded down,
 * so the result stays within the budget.
 */
export function fitWithin(
  width: number,
  height: number,
  maxPixels: number,
): { width: number; height: number } {
  const pixels = width * height;
  if (pixels <= maxPixels) return { width, height };
  const scale = Math.sqrt(maxPixels / pixels);
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}
