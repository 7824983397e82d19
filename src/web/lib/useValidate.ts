/** React binding of validation.ts: validates with the current language's texts. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { validate, type Validation } from './validation';

export function useValidate() {
  const { t, i18n } = useTranslation();
  return useCallback(
    <S extends z.ZodType, K extends string>(
      schema: S,
      values: Record<K, unknown>,
      labels: Partial<Record<K, string>> = {},
    ): Validation<z.output<S>, K> =>
      validate(
        schema,
        values,
        (key, options) => t(key, options ?? {}),
        (key) => i18n.exists(key),
        labels,
      ),
    [t, i18n],
  );
}
