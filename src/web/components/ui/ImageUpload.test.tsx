// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fitWithin, imageKindOf } from './ImageUpload.checks';
import { compressImage } from './ImageUpload.compress';
import { ImageUpload, type UploadAnswer } from './ImageUpload';

vi.mock('./ImageUpload.compress', () => ({
  compressImage: vi.fn(async (file: File) => new File([file], 'compressed.jpg', { type: 'image/jpeg' })),
}));

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
  vi.mocked(compressImage).mockClear();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
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

  it('refuses an image over 3 MB by default, naming the limit', async () => {
    const upload = vi.fn<(file: File) => Promise<UploadAnswer>>();
    render(<ImageUpload label="Proof" upload={upload} />);
    await choose(png(3 * MB + 1));
    expect(screen.getByRole('alert').textContent).toBe('image size cannot exceed 3MB');
    expect(upload).not.toHaveBeenCalled();
  });

  it('honours a configured limit', async () => {
    const upload = vi.fn(async (): Promise<UploadAnswer> => ({ errcode: 0 }));
    render(<ImageUpload label="Proof" upload={upload} maxSizeMb={1} />);
    await choose(png(MB + 1));
    expect(screen.getByRole('alert').textContent).toBe('image size cannot exceed 1MB');
    expect(screen.getByText('JPG, GIF, PNG or BMP, up to 1 MB')).toBeTruthy();
  });

  it('compresses with quality 0.5 and 8 million pixels, uploads the result, reports success', async () => {
    const upload = vi.fn(async (_file: File): Promise<UploadAnswer> => ({
      errcode: '0',
      url: '/files/p.jpg',
    }));
    const onChange = vi.fn();
    render(<ImageUpload label="Proof" upload={upload} onChange={onChange} />);
    await choose(png(3 * MB)); // Exactly at the limit is allowed.

    expect(compressImage).toHaveBeenCalledWith(expect.any(File), { quality: 0.5, maxPixels: 8_000_000 });
    expect(upload.mock.calls[0]?.[0]?.name).toBe('compressed.jpg');
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
