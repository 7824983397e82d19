/** Checks on the locale files, for tests. */

/** Every text key of a locale bundle, nested keys joined with dots: the two languages must match. */
export function keysOf(value: unknown, prefix = ''): string[] {
  return typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];
}
