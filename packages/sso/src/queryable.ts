/** What the PostgreSQL stores of `@latch/sso` run their statements on. */

/** A PostgreSQL client, a pool or PGlite: anything with `query(sql, params)`. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}
