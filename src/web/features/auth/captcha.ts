/**
 * Captcha challenges of the password sign-in (a 428 {need:'captcha'} asks for one): an image
 * captcha the server draws for an id the client makes up, or an arithmetic challenge that
 * `verify` exchanges for a single-use ticket.
 */
import { call, urlOf } from '../../lib/http';
import { loadAuthContract } from './contract';

export type Challenge =
  | { kind: 'image'; captchaId: string; src: string; code: string }
  | { kind: 'math'; captchaId: string; src: string; answer: string };

export interface CaptchaProof {
  captchaId?: string;
  captchaCode?: string;
  captchaTicket?: string;
}

export async function newImageChallenge(): Promise<Challenge> {
  const { captchaImage } = await loadAuthContract();
  const captchaId = crypto.randomUUID();
  return { kind: 'image', captchaId, src: urlOf(captchaImage, { captchaId }), code: '' };
}

export async function newMathChallenge(): Promise<Challenge> {
  const { captchaTwo } = await loadAuthContract();
  const { captchaId, svg } = await call(captchaTwo, {});
  // Shown through <img>, never inlined into the page: an image cannot run script, whatever it holds.
  return {
    kind: 'math',
    captchaId,
    src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
    answer: '',
  };
}

/** The same kind of challenge with a new id: a captcha is single-use on the server. */
export function renewChallenge(challenge: Challenge): Promise<Challenge> {
  return challenge.kind === 'image' ? newImageChallenge() : newMathChallenge();
}

/**
 * Request fields proving the challenge was solved; the arithmetic one is verified first.
 * Null when the user has not answered yet.
 */
export async function proofOf(challenge: Challenge | null): Promise<CaptchaProof | null> {
  if (!challenge) return {};
  if (challenge.kind === 'image') {
    const code = challenge.code.trim();
    return code ? { captchaId: challenge.captchaId, captchaCode: code } : null;
  }
  const answer = challenge.answer.trim();
  if (!answer) return null;
  const { verifyCaptcha } = await loadAuthContract();
  const { captchaTicket } = await call(verifyCaptcha, { captchaId: challenge.captchaId, answer });
  return { captchaTicket };
}
