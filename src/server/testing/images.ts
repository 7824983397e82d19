/**
 * For tests: the smallest real images of the four accepted formats, built byte by byte, and a
 * multipart upload through the app, so upload tests need no fixture files.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { TestApp } from './harness';

function bytes(...parts: (number[] | string | Uint8Array)[]): Uint8Array<ArrayBuffer> {
  const chunks = parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)));
  return new Uint8Array(Buffer.concat(chunks));
}

function u32be(n: number): number[] {
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
}

function u32le(n: number): number[] {
  return [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const body = bytes(type, data);
  return bytes(u32be(data.length), body, u32be(crc32(body)));
}

/** A 1x1 red PNG: signature, IHDR, IDAT (zlib), IEND. */
export function tinyPng(): Uint8Array<ArrayBuffer> {
  const ihdr = bytes(u32be(1), u32be(1), [8, 2, 0, 0, 0]);
  const scanline = new Uint8Array([0, 255, 0, 0]);
  return bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(scanline)),
    pngChunk('IEND', new Uint8Array()),
  );
}

/** A 1x1 GIF89a with a two-colour palette. */
export function tinyGif(): Uint8Array<ArrayBuffer> {
  return bytes(
    'GIF89a',
    [1, 0, 1, 0, 0x80, 0, 0],
    [255, 255, 255, 0, 0, 0],
    [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0],
    [2, 2, 0x44, 0x01, 0],
    ';',
  );
}

/** A 1x1 24-bit BMP: file header, BITMAPINFOHEADER, one padded row. */
export function tinyBmp(): Uint8Array<ArrayBuffer> {
  const pixels = [0, 0, 255, 0];
  const offset = 14 + 40;
  return bytes(
    'BM',
    u32le(offset + pixels.length),
    [0, 0, 0, 0],
    u32le(offset),
    u32le(40),
    u32le(1),
    u32le(1),
    [1, 0, 24, 0],
    u32le(0),
    u32le(pixels.length),
    u32le(2835),
    u32le(2835),
    u32le(0),
    u32le(0),
    pixels,
  );
}

/** A JPEG with SOI, a JFIF APP0 segment and EOI (enough for any decoder's signature check). */
export function tinyJpeg(): Uint8Array<ArrayBuffer> {
  return bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0], [0xff, 0xd9]);
}

export function textBytes(text: string): Uint8Array<ArrayBuffer> {
  return bytes(Buffer.from(text, 'utf8'));
}

/** POST a multipart `file` to an upload path with a bearer token. */
export async function postFile(
  t: TestApp,
  path: string,
  file: { bytes: Uint8Array<ArrayBuffer>; name: string; type?: string },
  options: { token?: string; lang?: 'en' | 'zh-CN'; field?: string } = {},
): Promise<Response> {
  const form = new FormData();
  form.append(options.field ?? 'file', new File([file.bytes], file.name, { type: file.type ?? 'image/png' }));
  const headers: Record<string, string> = { 'accept-language': options.lang ?? 'en' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return t.raw(path, { method: 'POST', headers, body: form });
}
