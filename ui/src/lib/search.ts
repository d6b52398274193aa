// Matching names as people type them: case- and width-folded (ＡＢＣ = abc, ｶﾞ = ガ), substring.

export const fold = (t: string): string => t.normalize("NFKC").toLowerCase();

/**
 * The name among `names` that `name` would repeat: the same once trimmed and folded (case, width,
 * NFKC; inner runs of spaces count as one), as "globex website" repeats "Globex Website".
 */
export function sameNameIn(name: string, names: Iterable<string>): string | null {
  const key = (t: string) => fold(t.trim()).replace(/\s+/g, " ");
  const k = key(name);
  if (k === "") return null;
  for (const n of names) if (key(n) === k) return n;
  return null;
}

/** Does `name` contain `query` (ignoring case, width and surrounding spaces)? Empty matches all. */
export function matches(name: string, query: string): boolean {
  const q = fold(query.trim());
  return q === "" || fold(name).includes(q);
}
