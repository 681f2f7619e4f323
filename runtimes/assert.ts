/**
 * The few assertions the runtime checks need, with no test framework: each throws an `Error`
 * that says what was expected, so any runtime can print it.
 */

/** Throws unless `condition` holds. */
export function ok(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`expected ${what}`);
}

/** Throws unless `actual` and `expected` are the same (`Object.is`). */
export function equal<T>(actual: T, expected: T, what: string): void {
  if (!Object.is(actual, expected)) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/** Throws unless `value` matches `pattern`. */
export function match(value: string | null | undefined, pattern: RegExp, what: string): void {
  if (typeof value !== "string" || !pattern.test(value)) throw new Error(`${what}: expected a match for ${pattern}, got ${JSON.stringify(value)}`);
}

/** Throws unless `run` rejects (or throws). */
export async function rejects(run: () => unknown, what: string): Promise<void> {
  try {
    await run();
  } catch {
    return;
  }
  throw new Error(`expected ${what} to be refused`);
}
