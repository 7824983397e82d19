/**
 * The "open in the app" link of an order comes from the server, but it ends up in an href, so
 * only app and web schemes pass: never javascript:, data:, file: or the like.
 */
const BLOCKED = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about']);

export function safeDeepLink(link: string | null): string | null {
  if (!link) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(link.trim())?.[1]?.toLowerCase();
  if (!scheme || BLOCKED.has(scheme)) return null;
  return link.trim();
}
