/**
 * The value lists of GET /api/enum/list with labels in the caller's language. Labels live in
 * locales/<lang>/server.json under `enums.<type>.<value>`.
 */
import type { EnumItem, EnumType } from '../../../contract/notices';
import { CURRENCY_SYMBOLS, ENUM_VALUES } from '../../../contract/notices';
import type { Lang } from '../../lib/i18n';
import { translate } from '../../lib/i18n';

export function enumList(type: EnumType, lang: Lang): EnumItem[] {
  return ENUM_VALUES[type].map((value): EnumItem => {
    const item: EnumItem = { value, label: translate(lang, `server:enums.${type}.${value}`) };
    if (type === 'currency') {
      const symbol = CURRENCY_SYMBOLS[value as keyof typeof CURRENCY_SYMBOLS];
      if (symbol) item.symbol = symbol;
    }
    return item;
  });
}
