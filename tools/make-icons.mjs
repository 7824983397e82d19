#!/usr/bin/env node
/**
 * Draws the PWA icons (public/icons/*.png) without any image library: a navy-to-blue tile with a
 * white card, 4x4 supersampled for smooth edges, encoded as PNG with node:zlib.
 * Run: node tools/make-icons.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const OUT = new URL('../public/icons/', import.meta.url);
const NAVY = [11, 31, 75];
const BLUE = [26, 86, 219];
const WHITE = [255, 255, 255];
const STRIPE = [26, 86, 219];
const ACCENT = [147, 180, 245];

/** Inside test of a rounded rectangle, in unit coordinates. */
function inRoundRect(x, y, left, top, width, height, radius) {
  if (x < left || y < top || x > left + width || y > top + height) return false;
  const cx = Math.min(Math.max(x, left + radius), left + width - radius);
  const cy = Math.min(Math.max(y, top + radius), top + height - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);

/**
 * Colour of one sample at unit coordinates (0..1); null = transparent.
 * `fullBleed`: maskable/apple icons fill the square and keep the card inside the safe zone.
 */
function sample(x, y, fullBleed) {
  const tile = fullBleed || inRoundRect(x, y, 0, 0, 1, 1, 0.22);
  if (!tile) return null;
  const scale = fullBleed ? 0.72 : 1; // Maskable safe zone is the inner 80 % circle.
  const u = 0.5 + (x - 0.5) / scale;
  const v = 0.5 + (y - 0.5) / scale;
  const card = [0.17, 0.29, 0.66, 0.44, 0.07];
  if (inRoundRect(u, v, ...card)) {
    if (v > 0.37 && v < 0.45) return STRIPE;
    if (inRoundRect(u, v, 0.25, 0.56, 0.2, 0.06, 0.03)) return ACCENT;
    return WHITE;
  }
  return mix(NAVY, BLUE, Math.min(1, Math.max(0, (x + y) / 2)));
}

function render(size, fullBleed) {
  const SS = 4;
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4); // Filter byte 0 (none), then RGBA.
    for (let px = 0; px < size; px++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const c = sample((px + (sx + 0.5) / SS) / size, (py + (sy + 0.5) / SS) / size, fullBleed);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const o = 1 + px * 4;
      row[o] = a ? Math.round(r / a) : 0;
      row[o + 1] = a ? Math.round(g / a) : 0;
      row[o + 2] = a ? Math.round(b / a) : 0;
      row[o + 3] = Math.round((a / (SS * SS)) * 255);
    }
    rows.push(row);
  }
  return png(size, size, Buffer.concat(rows));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(width, height, raw) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // Bit depth.
  header[9] = 6; // Colour type RGBA.
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(OUT, { recursive: true });
const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
];
for (const [name, size, fullBleed] of icons) {
  writeFileSync(new URL(name, OUT), render(size, fullBleed));
  console.log(`wrote public/icons/${name}`);
}
