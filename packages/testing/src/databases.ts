/**
 * The test databases as suites use them: the login to the PostgreSQL and MariaDB servers of
 * `services`, a schema of a run's own, and statements run on the server outside any database.
 * Whether a server answers at all is `needService`'s question.
 */
import pg from "pg";
import { services } from "./services.js";

/** The PostgreSQL login of the tests: `services.postgres`, `PGUSER` (default `postgres`) and `PGDATABASE` (default `test`). */
export const postgresLogin = {
  host: services.postgres.host,
  port: services.postgres.port,
  user: process.env.PGUSER ?? "postgres",
  database: process.env.PGDATABASE ?? "test",
} as const;

/** The PostgreSQL login as a connection string, `postgres://user@host:port/database`. */
export const postgresUrl = `postgres://${postgresLogin.user}@${postgresLogin.host}:${postgresLogin.port}/${postgresLogin.database}`;

/** The MariaDB login of the tests: `services.mariadb`, `MYSQL_USER` (default `root`) and `MYSQL_PASSWORD` (default empty). */
export const mariadbLogin = {
  host: services.mariadb.host,
  port: services.mariadb.port,
  user: process.env.MYSQL_USER ?? "root",
  password: process.env.MYSQL_PASSWORD ?? "",
} as const;

/** A random name for the schema or database of one run: `prefix` and eight random letters and digits. */
export function randomDatabaseName(prefix = "latch_test"): string {
  return `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
}

/** A pool of at most `max` connections to the test PostgreSQL, every one of them working in `schema`. */
export function schemaPool(schema: string, max = 4): pg.Pool {
  return new pg.Pool({ ...postgresLogin, max, options: `-c search_path=${schema}` });
}

/** Runs one statement on the MariaDB server, outside any database (to create or drop one). */
export async function mariadbStatement(sql: string): Promise<void> {
  // Loaded here only: most suites never talk to MariaDB.
  const { createConnection } = await import("mysql2/promise");
  const connection = await createConnection(mariadbLogin);
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}
