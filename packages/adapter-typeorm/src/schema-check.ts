import type { DataSource, EntityMetadata } from "typeorm";
import type { LatchEntities } from "./entities.js";
import { msTextDate, permissionWords, scopeWords } from "./transformers.js";

/**
 * The database lacks a table or column the adapter's entities need, or holds one of a type the
 * adapter cannot read (`type` is `"TypeORMSchemaMismatch"`). Thrown when the adapter first
 * connects, before any row is read or written; the message names the table, the column and the fix.
 */
export class TypeORMSchemaMismatch extends Error {
  /** Stable identifier of this error. */
  static readonly type = "TypeORMSchemaMismatch";
  /** Stable identifier of this error. */
  readonly type = "TypeORMSchemaMismatch";

  constructor(message: string) {
    super(message);
    this.name = "TypeORMSchemaMismatch";
  }
}

/** Column types holding text, as each driver names them (`character varying`, `varchar`, `text`, …). */
const textType = /char|text|clob/i;
/** Column types holding a date and time (`timestamp …`, `datetime`, `date`). */
const dateType = /time|date/i;

const fix = "run `npx latch migrate apply --typeorm <engine> --url <url>` (or `migrate(dataSource)` of @latch/typeorm) on this database";

/**
 * Checks that every table and column of the adapter's entities exists, and adapts the data
 * source's metadata to the stored date format: a date column stored as text (the tables of
 * `@auth/typeorm-adapter` keep dates as millisecond text in `varchar` columns) is read and
 * written as that text, so both adapters keep working on the same rows. Anything else that
 * cannot be read throws {@link TypeORMSchemaMismatch}.
 */
export async function adaptToSchema(dataSource: DataSource, entities: LatchEntities): Promise<void> {
  const metadatas = Object.values(entities)
    .filter((entity) => dataSource.hasMetadata(entity))
    .map((entity) => dataSource.getMetadata(entity));
  const stored = await storedColumns(dataSource, metadatas);
  for (const metadata of metadatas) {
    const columns = stored.get(metadata.tableName);
    if (!columns) throw new TypeORMSchemaMismatch(`TypeORMAdapter: the table "${metadata.tableName}" does not exist: ${fix}.`);
    for (const column of metadata.columns) {
      const type = columns.get(column.databaseName);
      if (type === undefined) throw new TypeORMSchemaMismatch(`TypeORMAdapter: the column "${metadata.tableName}"."${column.databaseName}" does not exist: ${fix}.`);
      if (column.type === Date) adaptDateColumn(metadata, column, type);
      if ((column.transformer === scopeWords || column.transformer === permissionWords) && type === "ARRAY") adaptArrayColumn(column);
    }
  }
}

type Row = Record<string, unknown>;

/**
 * The column types of the entities' tables (table → column → type), from the catalogue of the
 * database (TypeORM's own `getTables` needs its metadata table where a column is generated).
 */
async function storedColumns(dataSource: DataSource, metadatas: EntityMetadata[]): Promise<Map<string, Map<string, string>>> {
  const names = metadatas.map((metadata) => metadata.tableName);
  const found = new Map<string, Map<string, string>>();
  const add = (table: string, column: string, type: string) => {
    if (!found.has(table)) found.set(table, new Map());
    found.get(table)!.set(column, type);
  };
  const type = dataSource.options.type;
  if (type === "postgres" || type === "cockroachdb") {
    const schema = (dataSource.options as { schema?: string }).schema;
    const rows = (await dataSource.query(
      `SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = COALESCE($1, current_schema()) AND table_name = ANY($2)`,
      [schema ?? null, names],
    )) as Row[];
    for (const row of rows) add(String(row.table_name), String(row.column_name), String(row.data_type));
  } else if (type === "mysql" || type === "mariadb") {
    const rows = (await dataSource.query(
      `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, DATA_TYPE AS d FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (${names.map(() => "?").join(", ")})`,
      names,
    )) as Row[];
    for (const row of rows) add(String(row.t), String(row.c), String(row.d));
  } else if (type.includes("sqlite") || type === "sqljs") {
    for (const name of names) {
      for (const row of (await dataSource.query(`PRAGMA table_info("${name.replace(/"/g, '""')}")`)) as Row[]) add(name, String(row.name), String(row.type));
    }
  } else {
    const runner = dataSource.createQueryRunner();
    try {
      for (const table of await runner.getTables(metadatas.map((metadata) => metadata.tablePath))) {
        const name = table.name.split(".").pop()!;
        for (const column of table.columns) add(name, column.name, column.type);
      }
    } finally {
      await runner.release();
    }
  }
  return found;
}

function adaptDateColumn(metadata: EntityMetadata, column: EntityMetadata["columns"][number], storedType: string): void {
  if (dateType.test(storedType)) return;
  if (!textType.test(storedType) || column.transformer) {
    throw new TypeORMSchemaMismatch(
      `TypeORMAdapter: the column "${metadata.tableName}"."${column.databaseName}" holds ${storedType}, where a date (or millisecond text, as @auth/typeorm-adapter writes it) is expected: ${fix}, or change the column to a timestamp.`,
    );
  }
  // This data source's metadata only: its queries now send and read the text Auth.js's entities use.
  column.type = "varchar";
  column.transformer = msTextDate;
}

/**
 * A list stored as a PostgreSQL array (`api_keys.scopes` and `organization_roles.permissions` are
 * `text[]` there, as on @latch/pg), where
 * the entity declares text of words separated by spaces: `pg` writes and reads the array itself.
 */
function adaptArrayColumn(column: EntityMetadata["columns"][number]): void {
  // This data source's metadata only, as for dates stored as text.
  column.isArray = true;
  column.transformer = undefined;
}
