/**
 * What index.html's boot script started for home before the app's scripts arrived (issue 34 §9;
 * features/auth/first-paint/boot.ts): the first answers home needs, asked with the stored token
 * while the scripts downloaded, and the saved figures painted over the page.
 *
 * - `takeBootAnswer`: the HTTP layer (http.ts) asks here once per request; an answer the boot
 *   script started for the same method and URL, with the same token and language, is handed over
 *   (once) instead of asking the server again. A token refreshed meanwhile, or another language,
 *   and the request goes out as usual.
 * - `dropHomePaint`: the app's first page is on screen; the painted figures go.
 */

interface BootAnswers {
  token: string;
  locale: string;
  /** `GET <absolute URL>` -> the boot script's fetch of it. */
  answers: Record<string, Promise<Response> | undefined>;
}

function bootAnswers(): BootAnswers | null {
  if (typeof window === 'undefined') return null;
  const boot = (window as { cpBootAnswers?: BootAnswers }).cpBootAnswers;
  return boot && typeof boot === 'object' && boot.answers ? boot : null;
}

/** The boot script's answer to `method url`, when it asked it as this request would; once. */
export function takeBootAnswer(
  method: string,
  url: string,
  token: string | null,
  locale: string,
): Promise<Response> | null {
  const boot = bootAnswers();
  const key = `${method} ${url}`;
  const answer = boot?.answers[key];
  if (!boot || !answer) return null;
  delete boot.answers[key];
  return boot.token === token && boot.locale === locale ? answer : null;
}

/** Removes the boot script's painted figures (and stops a late paint). Idempotent. */
export function dropHomePaint(root: HTMLElement = document.documentElement): void {
  root.setAttribute('data-app-painted', '');
  root.removeAttribute('data-home-paint');
  for (const painted of document.querySelectorAll('.cp-home-paint')) painted.remove();
}
