/**
 * A sign-in's user-agent string as people read it: "Chrome 131 · Android 14 · Pixel 5". Parsed with
 * bowser (MIT, docs/decisions.md "Login log devices"); the raw string stays in the row for the
 * detail sheet. Versions are the major ones: a browser's patch number tells nobody which device it
 * was. macOS is named without a version: every browser freezes it at 10.15.7, so it would mislead.
 */
import Bowser from 'bowser';

export type DeviceKind = 'mobile' | 'tablet' | 'desktop' | 'tv' | 'bot' | 'unknown';

export interface ParsedAgent {
  browser: string | null;
  browserVersion: string | null;
  os: string | null;
  osVersion: string | null;
  model: string | null;
  kind: DeviceKind;
}

const KINDS: readonly DeviceKind[] = ['mobile', 'tablet', 'desktop', 'tv', 'bot'];
/** The model an Android string names after its version; "K" is Chrome's reduced (hidden) model. */
const ANDROID_MODEL = /Android [\d.]+; ([^;)]+?)(?: Build\/[^;)]*)?\)/;

function majorOf(version: string | undefined): string | null {
  const major = version?.split('.')[0];
  return major ? major : null;
}

function androidModel(agent: string): string | null {
  const model = ANDROID_MODEL.exec(agent)?.[1]?.trim();
  return model && model !== 'K' && model !== 'wv' ? model : null;
}

export function parseAgent(agent: string): ParsedAgent {
  const unknown: ParsedAgent = {
    browser: null,
    browserVersion: null,
    os: null,
    osVersion: null,
    model: null,
    kind: 'unknown',
  };
  if (agent.trim() === '') return unknown;
  const parsed = Bowser.parse(agent);
  const os = parsed.os.name || null;
  const osVersion =
    os === 'macOS' ? null : os === 'Windows' ? (parsed.os.versionName ?? null) : majorOf(parsed.os.version);
  const type = parsed.platform.type as DeviceKind | undefined;
  return {
    browser: parsed.browser.name || null,
    browserVersion: majorOf(parsed.browser.version),
    os,
    osVersion,
    model: parsed.platform.model || (os === 'Android' ? androidModel(agent) : null),
    kind: type && KINDS.includes(type) ? type : 'unknown',
  };
}

/** "Chrome 131 · Android 14 · Pixel 5"; '' when nothing was recognised (the client says "unknown"). */
export function deviceText(agent: ParsedAgent): string {
  const part = (name: string | null, version: string | null) =>
    name ? (version ? `${name} ${version}` : name) : null;
  return [part(agent.browser, agent.browserVersion), part(agent.os, agent.osVersion), agent.model]
    .filter((p): p is string => p !== null)
    .join(' · ');
}

/**
 * The family a sign-in came from, for the "new device" mark: browser, system, kind and model, with
 * no versions (an update of the browser or the system is not a new device).
 */
export function familyOf(agent: ParsedAgent): string {
  return [agent.browser, agent.os, agent.kind, agent.model].map((p) => p ?? '').join('|');
}
