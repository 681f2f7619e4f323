/**
 * The part of the Xata client the adapter uses. A client built with `@xata.io/client`
 * (`buildClient()`, `BaseClient` or a generated `XataClient`) has it; the adapter does not
 * import the package.
 */

/** A record as the client returns it: an `id`, the columns, links as nested records. */
export interface XataRecordLike {
  id: string;
  [column: string]: unknown;
}

/** A query being built. */
export interface XataQueryLike {
  filter(filter: Record<string, unknown>): XataQueryLike;
  getFirst(): Promise<XataRecordLike | null>;
  getAll(): Promise<XataRecordLike[]>;
}

/** The repository of one table (`client.db.<table>`). */
export interface XataRepositoryLike {
  create(object: Record<string, unknown>): Promise<XataRecordLike>;
  read(id: string): Promise<XataRecordLike | null>;
  update(id: string, object: Record<string, unknown>): Promise<XataRecordLike | null>;
  delete(id: string): Promise<XataRecordLike | null>;
  filter(filter: Record<string, unknown>): XataQueryLike;
  select(columns: string[]): XataQueryLike;
}

/** A Xata client: the adapter reaches its tables through `db`. */
export interface XataClientLike {
  db: Record<string, unknown>;
}

/** The repository of `table`, or an error naming the table when the client does not know it. */
export function repository(client: XataClientLike, table: string): XataRepositoryLike {
  const found = client.db[table];
  if (!found) throw new Error(`The Xata client has no table ${table}; create it or pass xataTables() to the client`);
  return found as XataRepositoryLike;
}
