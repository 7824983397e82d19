// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compressImage } from './ImageUpload.compress';

interface FakeCanvas {
  width: number;
  height: number;
  calls: string[];
  quality?: number;
}

/** A canvas that records what is drawn and "encodes" to a blob of the given size. */
function fakeCanvas(encodedBytes: number, natural: { width: number; height: number }): FakeCanvas {
  const canvas: FakeCanvas = { width: 0, height: 0, calls: [] };
  const context = {
    set fillStyle(value: string) {
      canvas.calls.push(`fill ${value}`);
    },
    fillRect: () => canvas.calls.push('fillRect'),
    drawImage: (_image: unknown, _x: number, _y: number, w: number, h: number) =>
      canvas.calls.push(`draw ${w}x${h}`),
  };
  const element = Object.assign(document.createElement('div'), {
    getContext: () => context,
    toBlob: (done: (blob: Blob | null) => void, type: string, quality: number) => {
      canvas.quality = quality;
      done(new Blob([new Uint8Array(encodedBytes)], { type }));
    },
  });
  Object.defineProperties(element, {
    width: { set: (v: number) => (canvas.width = v), get: () => canvas.width },
    height: { set: (v: number) => (canvas.height = v), get: () => canvas.height },
  });
  const create = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation((tag: string) =>
    tag === 'canvas' ? (element as unknown as HTMLCanvasElement) : create(tag),
  );
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ ...natural, close: () => canvas.calls.push('close') })),
  );
  return canvas;
}

const file = (bytes: number) => new File([new Uint8Array(bytes)], 'scan.png', { type: 'image/png' });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('compressImage', () => {
  it('downscales beyond the pixel budget and encodes JPEG at the given quality on white', async () => {
    const canvas = fakeCanvas(5000, { width: 8000, height: 6000 });
    const result = await compressImage(file(2_000_000), { quality: 0.5, maxPixels: 8_000_000 });
    expect(canvas.quality).toBe(0.5);
    expect([canvas.width, canvas.height]).toEqual([3265, 2449]);
    expect(canvas.calls).toEqual(['fill #ffffff', 'fillRect', 'draw 3265x2449', 'close']);
    expect(result.type).toBe('image/jpeg');
    expect(result.name).toBe('scan.jpg');
    expect(result.size).toBe(5000);
  });

  it('keeps the original when re-encoding would not make it smaller', async () => {
    fakeCanvas(9000, { width: 800, height: 600 });
    const original = file(4000);
    expect(await compressImage(original, { quality: 0.5, maxPixels: 8_000_000 })).toBe(original);
  });

  it('uploads the original where the browser cannot draw', async () => {
    const original = file(4000); // The test set-up's canvas has no 2D context.
    expect(await compressImage(original, { quality: 0.5, maxPixels: 8_000_000 })).toBe(original);
  });
});
