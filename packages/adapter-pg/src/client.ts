/**
 * The one method the adapter needs from a database client. A `pg` `Pool` or `Client` and an
 * `@electric-sql/pglite` instance all have it, so neither is a hard dependency.
 */
export interface Queryable {
  /** Runs one parameterised statement (`$1`, `$2`, …) and resolves with its rows. */
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Runs a statement and returns its rows typed as `T`. */
export async function rows<T>(client: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await client.query(sql, params);
  return result.rows as T[];
}

/** Runs a statement and returns its first row, or `null`. */
export async function firstRow<T>(client: Queryable, sql: string, params: unknown[] = []): Promise<T | null> {
  return (await rows<T>(client, sql, params))[0] ?? null;
}
