/**
 * Marks the sign-ins from an IP or a device not seen in any older entry of the list: the entries
 * come newest first, so an entry is new when nothing after it shares its IP (or its device).
 */
export function newSignIns<T extends { id: string; ip: string; device: string }>(
  entries: readonly T[],
): Set<string> {
  const marked = new Set<string>();
  const seenIp = new Set<string>();
  const seenDevice = new Set<string>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    // The oldest entry of the list has no history to compare with: not marked.
    if (i < entries.length - 1 && (!seenIp.has(entry.ip) || !seenDevice.has(entry.device)))
      marked.add(entry.id);
    seenIp.add(entry.ip);
    seenDevice.add(entry.device);
  }
  return marked;
}

/** One CSV line, each cell quoted; a leading formula character is defused for spreadsheets. */
export function csvLine(cells: readonly string[]): string {
  return cells
    .map((cell) => `"${(/^[=+\-@]/.test(cell) ? `'${cell}` : cell).replace(/"/g, '""')}"`)
    .join(',');
}
