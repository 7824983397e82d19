#!/usr/bin/env node
/**
 * Draws the two customer-service QR images of the demo (public/service-qr/*.png), read by
 * src/web/components/layout/service-contacts.ts. The targets are invented demo contacts: replace
 * them with the real WeChat customer-service link and messenger link, then run
 *   node tools/make-service-qr.mjs
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';

const OUT = fileURLToPath(new URL('../public/service-qr/', import.meta.url));

const CONTACTS = [
  // WeChat's customer-service ("kfid") link format; scanning it in WeChat opens the chat.
  { file: 'wechat.png', text: 'https://work.weixin.qq.com/kfid/kfc7c2d4e8a15b3f9d0' },
  { file: 'telegram.png', text: 'https://t.me/CardPortalSupport' },
];

mkdirSync(OUT, { recursive: true });
for (const { file, text } of CONTACTS) {
  await QRCode.toFile(`${OUT}${file}`, text, {
    type: 'png',
    width: 360,
    margin: 2,
    errorCorrectionLevel: 'M',
    // Dark navy on white keeps the brand and a contrast every scanner reads.
    color: { dark: '#0b1f4bff', light: '#ffffffff' },
  });
  console.log(`public/service-qr/${file} <- ${text}`);
}
