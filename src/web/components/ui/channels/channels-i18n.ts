/** Texts of the messenger channels (locales/<lang>/channels.json), registered with the lazy section. */
import en from '@locales/en/channels.json';
import zh from '@locales/zh-CN/channels.json';
import { i18n } from '../../../lib/i18n';

export const CHANNELS_NS = 'channels';

i18n.addResourceBundle('zh-CN', CHANNELS_NS, zh, true, true);
i18n.addResourceBundle('en', CHANNELS_NS, en, true, true);
