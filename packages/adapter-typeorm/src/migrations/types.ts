/** The SQL dialects Latch ships migrations for. */
export type Dialect = "postgres" | "mariadb" | "sqlite";

/** One step of the schema's history on one dialect, applied once and recorded in `latch_migrations`. */
export interface Migration {
  /** 1, 2, 3, … in the order they apply. */
  version: number;
  /** What the step does, as recorded in `latch_migrations.name`. */
  name: string;
  /** The statements; `table` gives a table's quoted (and, on PostgreSQL, schema-qualified) name. */
  statements(table: (name: string) => string): readonly string[];
}
