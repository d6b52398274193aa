// Small helpers for tests.

/** `xs[i]`, or a thrown error that says the test's assumption failed (for strict index types). */
export function at<T>(xs: readonly T[], i: number): T {
  const x = xs[i];
  if (x === undefined) throw new Error(`no element ${i} in a list of ${xs.length}`);
  return x;
}
