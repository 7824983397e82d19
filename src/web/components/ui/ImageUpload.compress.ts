/**
 * Compression before upload (spec §5): the image is redrawn on a canvas, downscaled to at most
 * MAX_PIXELS, and encoded as JPEG at the given quality. JPEG has no transparency, so the canvas is
 * painted white first (a transparent PNG would otherwise turn black). GIF animation is flattened
 * to its first frame — acceptable for the proofs and documents this widget is for.
 *
 * If the browser cannot draw (no canvas) or the re-encoded image is not smaller and needed no
 * downscaling, the original file is uploaded: compression must never make things worse.
 *
 * `compressBelow` is what the widget uses: a photo over the upload limit is not refused but
 * compressed harder (lower quality, fewer pixels) until it fits (issue 18 §4).
 */
import { fitWithin } from './ImageUpload.checks';

export interface CompressOptions {
  quality: number;
  maxPixels: number;
}

type Drawable = ImageBitmap | HTMLImageElement;

async function decode(file: Blob): Promise<Drawable> {
  if (typeof createImageBitmap === 'function') return createImageBitmap(file);
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

function sizeOf(image: Drawable): { width: number; height: number } {
  return 'naturalWidth' in image
    ? { width: image.naturalWidth, height: image.naturalHeight }
    : { width: image.width, height: image.height };
}

function jpegName(name: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'image';
  return `${base}.jpg`;
}

export async function compressImage(file: File, { quality, maxPixels }: CompressOptions): Promise<File> {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return file;

  const image = await decode(file);
  const natural = sizeOf(image);
  const target = fitWithin(natural.width, natural.height, maxPixels);
  canvas.width = target.width;
  canvas.height = target.height;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, target.width, target.height);
  context.drawImage(image, 0, 0, target.width, target.height);
  if ('close' in image) image.close();

  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  if (!blob) return file;
  const downscaled = target.width !== natural.width || target.height !== natural.height;
  if (!downscaled && blob.size >= file.size) return file;
  return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}

/** How many ever-harder tries `compressBelow` makes before it gives up. */
export const COMPRESS_ATTEMPTS = 6;

/**
 * The file compressed until it weighs at most `maxBytes`: first at `quality` and `maxPixels`,
 * then each try at 0.7 of the quality (not below 0.1) and half the pixels. Null if even the last
 * try is too heavy, or the browser cannot draw and the original is too heavy.
 */
export async function compressBelow(
  file: File,
  { quality, maxPixels, maxBytes }: CompressOptions & { maxBytes: number },
): Promise<File | null> {
  let options = { quality, maxPixels };
  for (let attempt = 0; attempt < COMPRESS_ATTEMPTS; attempt++) {
    const result = await compressImage(file, options);
    if (result.size <= maxBytes) return result;
    if (result === file && !document.createElement('canvas').getContext('2d')) return null;
    options = {
      quality: Math.max(0.1, Math.round(options.quality * 70) / 100),
      maxPixels: Math.floor(options.maxPixels / 2),
    };
  }
  return null;
}
