/**
 * Texts of the invite-rebate page (locales/<lang>/agent.json), registered when the page's code
 * loads, so the sign-in page's bundle does not carry them.
 */
import en from '@locales/en/agent.json';
import zh from '@locales/zh-CN/agent.json';
import { i18n } from '../../lib/i18n';

export const AGENT_NS = 'agent';

i18n.addResourceBundle('zh-CN', AGENT_NS, zh, true, true);
i18n.addResourceBundle('en', AGENT_NS, en, true, true);
