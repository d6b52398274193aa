// Matching names as people type them: case- and width-folded (ＡＢＣ = abc, ｶﾞ = ガ), substring.

export const fold = (t: string): string => t.normalize("NFKC").toLowerCase();

/** Does `name` contain `query` (ignoring case, width and surrounding spaces)? Empty matches all. */
export function matches(name: string, query: string): boolean {
  const q = fold(query.trim());
  return q === "" || fold(name).includes(q);
}
