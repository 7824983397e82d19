/** GET /api/user/captcha: an SVG of a few characters for the id the client chose. */
import { create } from 'svg-captcha';
import type { AppContext } from '../../../context';
import { storeCaptcha } from './captcha-store';

/** Characters people confuse with each other are left out. */
const CONFUSABLE = '0oO1iIlL';

export async function createImageCaptcha(ctx: AppContext, captchaId: string): Promise<string> {
  const image = create({ size: 4, ignoreChars: CONFUSABLE, noise: 2, color: true, width: 120, height: 40 });
  await storeCaptcha(ctx, 'image', captchaId, image.text);
  return image.data;
}
