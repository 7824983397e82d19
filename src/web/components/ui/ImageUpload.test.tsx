// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heicTo } from 'heic-to';
import { fitWithin, imageKindOf } from './ImageUpload.checks';
import { ImageUpload, type UploadAnswer } from './ImageUpload';

// The HEIC decoder is mocked at its boundary only: no HEIC sample could be produced on this
// machine without copying a file from elsewhere. Everything around it (recognising the file,
// calling it for a JPEG, compressing and uploading its output) runs for real.
vi.mock('heic-to', () => ({
  heicTo: vi.fn(
    async () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' }),
  ),
}));

/**
 * jsdom cannot draw, so the canvas is replaced by one that records each encoding and "encodes"
 * to `bytesPerPixel` x pixels x quality bytes: a photo gets lighter with lower quality and fewer
 * pixels, as a real JPEG encoder does. The compression logic under test is the real one.
 */
interface Encoding {
  width: number;
  height: number;
  quality: number;
}
let encodings: Encoding[] = [];
const createElement = Document.prototype.createElement;
function fakeCanvas(natural: { width: number; height: number }, bytesPerPixel = 1) {
  encodings = [];
  const state = { width: 0, height: 0 };
  const element = Object.assign(createElement.call(document, 'div'), {
    getContext: () => ({ fillStyle: '', fillRect: () => undefined, drawImage: () => undefined }),
    toBlob: (done: (blob: Blob | null) => void, type: string, quality: number) => {
      encodings.push({ ...state, quality });
      done(
        new Blob([new Uint8Array(Math.round(state.width * state.height * quality * bytesPerPixel))], {
          type,
        }),
      );
    },
  });
  Object.defineProperties(element, {
    width: { set: (v: number) => (state.width = v), get: () => state.width },
    height: { set: (v: number) => (state.height = v), get: () => state.height },
  });
  vi.spyOn(document, 'createElement').mockImplementation((tag: string) =>
    tag === 'canvas' ? (element as unknown as HTMLCanvasElement) : createElement.call(document, tag),
  );
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ ...natural, close: () => undefined })),
  );
}

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MB = 1024 * 1024;

function png(size = 64, name = 'proof.png'): File {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new File([bytes], name, { type: 'image/png' });
}

async function choose(file: File) {
  await act(async () => {
    fireEvent.change(screen.getByTestId('image-upload-input'), { target: { files: [file] } });
  });
}

beforeEach(() => {
  fakeCanvas({ width: 1000, height: 800 });
  vi.mocked(heicTo).mockClear();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

describe('imageKindOf (spec §5: the content decides, not the name)', () => {
  const head = (...bytes: number[]) => new Uint8Array([...bytes, 0, 0, 0, 0, 0, 0, 0, 0]);
  it.each([
    ['jpeg', head(0xff, 0xd8, 0xff, 0xe0)],
    ['png', head(...PNG_HEAD)],
    ['gif', head(...Array.from('GIF89a', (c) => c.charCodeAt(0)))],
    ['gif', head(...Array.from('GIF87a', (c) => c.charCodeAt(0)))],
    ['bmp', head(0x42, 0x4d, 0x36)],
    ['heic', head(0, 0, 0, 0x18, ...Array.from('ftypheic', (c) => c.charCodeAt(0)))],
    ['heic', head(0, 0, 0, 0x18, ...Array.from('ftypmif1', (c) => c.charCodeAt(0)))],
  ])('recognises %s', (kind, bytes) => {
    expect(imageKindOf(bytes)).toBe(kind);
  });

  it.each([
    ['HTML', new TextEncoder().encode('<!doctype html>')],
    ['WebP', new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBP')],
    ['GIF88a', new TextEncoder().encode('GIF88a')],
    ['empty', new Uint8Array()],
  ])('refuses %s', (_name, bytes) => {
    expect(imageKindOf(bytes)).toBeNull();
  });
});

describe('fitWithin (about 8 million pixels at most)', () => {
  it('keeps small images as they are', () => {
    expect(fitWithin(4000, 2000, 8_000_000)).toEqual({ width: 4000, height: 2000 });
  });

  it('downscales large ones, keeping the aspect ratio and the budget', () => {
    const { width, height } = fitWithin(8000, 6000, 8_000_000);
    expect(width * height).toBeLessThanOrEqual(8_000_000);
    expect(width / height).toBeCloseTo(8000 / 6000, 2);
    expect(width).toBe(3265);
  });
});

describe('ImageUpload', () => {
  it('refuses an HTML file named .png with the exact message, without uploading', async () => {
    const upload = vi.fn<(file: File) => Promise<UploadAnswer>>();
    render(<ImageUpload label="Transfer proof" upload={upload} />);
    await choose(new File(['<!doctype html><p>hi</p>'], 'proof.png', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toBe('only JPG/GIF/PNG/BMP files can be uploaded');
    expect(upload).not.toHaveBeenCalled();
  });

  it('compresses a 6 MB photo below 3 MB instead of refusing it (issue 18 §4)', async () => {
    fakeCanvas({ width: 4000, height: 3000 });
    const upload = vi.fn(async (_file: File): Promise<UploadAnswer> => ({
      errcode: '0',
      url: '/files/p.jpg',
    }));
    render(<ImageUpload label="Proof" upload={upload} />);
    await choose(png(6 * MB, 'IMG_0001.png'));

    const sent = upload.mock.calls[0]?.[0];
    expect(sent?.size).toBeLessThanOrEqual(3 * MB);
    expect(sent?.type).toBe('image/jpeg');
    expect(sent?.name).toBe('IMG_0001.jpg');
    // First the spec's quality and pixel budget, then harder until it fits.
    expect(encodings[0]).toMatchObject({ quality: 0.5 });
    expect((encodings[0]?.width ?? 0) * (encodings[0]?.height ?? 0)).toBeLessThanOrEqual(8_000_000);
    expect(encodings.length).toBeGreaterThan(1);
    expect(encodings.at(-1)?.quality).toBeLessThan(0.5);
    expect(screen.getByRole('status').textContent).toBe('image uploaded successfully');
  });

  it('refuses only what stays over the limit at the lowest quality and size, naming the limit', async () => {
    fakeCanvas({ width: 1000, height: 800 }, 50);
    const upload = vi.fn<(file: File) => Promise<UploadAnswer>>();
    render(<ImageUpload label="Proof" upload={upload} maxSizeMb={1} />);
    await choose(png(2 * MB));
    expect(screen.getByRole('alert').textContent).toBe('image size cannot exceed 1MB');
    expect(upload).not.toHaveBeenCalled();
    expect(
      screen.getByText('JPG, GIF, PNG, BMP or iPhone HEIC; larger photos are compressed to 1 MB'),
    ).toBeTruthy();
  });

  it('does not decode a file over the read limit', async () => {
    const upload = vi.fn<(file: File) => Promise<UploadAnswer>>();
    render(<ImageUpload label="Proof" upload={upload} />);
    await choose(png(40 * MB + 1));
    expect(screen.getByRole('alert').textContent).toBe('image size cannot exceed 40MB');
    expect(encodings).toHaveLength(0);
    expect(upload).not.toHaveBeenCalled();
  });

  it('converts an iPhone HEIC photo to JPEG in the browser, then compresses and uploads it', async () => {
    const upload = vi.fn(async (_file: File): Promise<UploadAnswer> => ({ errcode: '0' }));
    render(<ImageUpload label="Proof" upload={upload} />);
    const heic = new Uint8Array(5 * MB);
    heic.set([0, 0, 0, 0x18, ...Array.from('ftypheic', (c) => c.charCodeAt(0))]);
    await choose(new File([heic], 'IMG_0002.HEIC', { type: 'image/heic' }));

    expect(heicTo).toHaveBeenCalledWith(expect.objectContaining({ type: 'image/jpeg', quality: 0.5 }));
    const sent = upload.mock.calls[0]?.[0];
    expect(sent?.type).toBe('image/jpeg');
    expect(sent?.name).toBe('IMG_0002.jpg');
    expect(sent?.size).toBeLessThanOrEqual(3 * MB);
    expect(screen.getByRole('status').textContent).toBe('image uploaded successfully');
  });

  it('compresses with quality 0.5 and 8 million pixels, uploads the result, reports success', async () => {
    fakeCanvas({ width: 4000, height: 3000 }, 0.1);
    const upload = vi.fn(async (_file: File): Promise<UploadAnswer> => ({
      errcode: '0',
      url: '/files/p.jpg',
    }));
    const onChange = vi.fn();
    render(<ImageUpload label="Proof" upload={upload} onChange={onChange} />);
    await choose(png(3 * MB));

    expect(encodings).toEqual([{ width: 3265, height: 2449, quality: 0.5 }]);
    expect(upload.mock.calls[0]?.[0]?.name).toBe('proof.jpg');
    expect(screen.getByRole('status').textContent).toBe('image uploaded successfully');
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(onChange).toHaveBeenCalledWith('/files/p.jpg');
    expect(screen.getByTestId('image-upload-preview').getAttribute('src')).toBe('blob:preview');
  });

  it("shows the answer's errmsg as an error when errcode is '500'", async () => {
    const upload = vi.fn(async (): Promise<UploadAnswer> => ({ errcode: '500', errmsg: 'Storage is full' }));
    const onChange = vi.fn();
    render(<ImageUpload label="Proof" upload={upload} onChange={onChange} />);
    await choose(png());
    expect(screen.getByRole('alert').textContent).toBe('Storage is full');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByTestId('image-upload-preview')).toBeNull();
  });

  it('treats a numeric 500 the same and falls back to "Upload failed" without a message', async () => {
    render(<ImageUpload label="Proof" upload={async () => ({ errcode: 500 })} />);
    await choose(png());
    expect(screen.getByRole('alert').textContent).toBe('Upload failed');
  });

  it('says "Upload failed" when the upload itself fails', async () => {
    render(<ImageUpload label="Proof" upload={() => Promise.reject(new Error('network'))} />);
    await choose(png());
    expect(screen.getByRole('alert').textContent).toBe('Upload failed');
  });

  it('says that the network is needed when offline', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const upload = vi.fn<(file: File) => Promise<UploadAnswer>>();
    render(<ImageUpload label="Proof" upload={upload} />);
    await choose(png());
    expect(screen.getByRole('alert').textContent).toBe('You are offline. This action needs the network.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('removes the image and tells the form', async () => {
    const onChange = vi.fn();
    render(<ImageUpload label="Proof" upload={vi.fn()} value="/files/old.jpg" onChange={onChange} />);
    expect(screen.getByTestId('image-upload-preview').getAttribute('src')).toBe('/files/old.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('labels the file input', () => {
    render(<ImageUpload label="Transfer proof" upload={vi.fn()} />);
    expect(screen.getByLabelText('Transfer proof')).toBe(screen.getByTestId('image-upload-input'));
  });
});
