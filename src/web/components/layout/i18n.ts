/**
 * Texts of the shell (locales/<lang>/shell.json), registered when the shell is first imported so
 * the sign-in page's bundle does not carry them.
 */
import en from '@locales/en/shell.json';
import zh from '@locales/zh-CN/shell.json';
import { i18n } from '../../lib/i18n';

export const SHELL_NS = 'shell';

i18n.addResourceBundle('zh-CN', SHELL_NS, zh, true, true);
i18n.addResourceBundle('en', SHELL_NS, en, true, true);
