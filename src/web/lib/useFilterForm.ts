/**
 * The state of a list's filter panel (spec §2): the fields as typed (`draft`), the filters the list
 * shows (`applied`), the problem that stopped the last search, and the page of the list. Search
 * checks the draft first and applies it only when it is fine, from page 1; a change to the field
 * in trouble clears its message; Clear empties both.
 */
import { useState } from 'react';

export interface FilterFormOptions<D, P> {
  /** The draft and the applied filters at first (e.g. from a link). */
  initial: D;
  /** What Clear goes back to. */
  empty: D;
  /** What stops a search, or null. */
  problemOf: (draft: D) => P | null;
  /** The request a draft becomes: two drafts asking the same need no new load. */
  requestOf: (draft: D) => unknown;
  /** Whether a change to `field` settles `problem` besides a change to its own field. */
  settles?: (problem: P, field: keyof D) => boolean;
}

export function useFilterForm<D extends object, P extends { field: string }>({
  initial,
  empty,
  problemOf,
  requestOf,
  settles,
}: FilterFormOptions<D, P>) {
  const [draft, setDraft] = useState<D>(initial);
  const [applied, setApplied] = useState<D>(initial);
  const [problem, setProblem] = useState<P | null>(null);
  const [pageNo, setPageNo] = useState(1);

  const change = <K extends keyof D>(field: K, value: D[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (problem && (problem.field === field || settles?.(problem, field))) setProblem(null);
  };

  /** `change` for one field, as an input's onChange. */
  const set =
    <K extends keyof D>(field: K) =>
    (value: D[K]) =>
      change(field, value);

  /**
   * Applies the draft unless a problem stops it. Searching again for what the first page already
   * shows means the customer wants the newest rows: `reload` fetches them (nothing else changes,
   * so nothing else would).
   */
  const search = (reload: () => void) => {
    const found = problemOf(draft);
    setProblem(found);
    if (found) return;
    if (JSON.stringify(requestOf(draft)) === JSON.stringify(requestOf(applied)) && pageNo === 1) reload();
    setApplied(draft);
    setPageNo(1);
  };

  const clear = () => {
    setDraft(empty);
    setApplied(empty);
    setProblem(null);
    setPageNo(1);
  };

  return {
    draft,
    applied,
    problem,
    pageNo,
    setPageNo,
    change,
    set,
    search,
    clear,
    setDraft,
    setApplied,
    setProblem,
  };
}
