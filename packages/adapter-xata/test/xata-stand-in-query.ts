/**
 * Part of the Xata STAND-IN (see xata-stand-in.ts): turns a Xata table query (equality filters,
 * `$all`/`$any`/`$not`, `$is`/`$isNot`/`$any` operators, dotted paths into links, `link.*`
 * column expansion) into one SQL statement on the PGlite store and shapes the rows as Xata records.
 */
import type { PGlite } from "@electric-sql/pglite";
import type { XataTable } from "../src/schema.js";

/** A Xata filter, as the client sends it. */
export type Filter = Record<string, unknown>;

type Row = Record<string, unknown>;

/** An error the server answers with 400. */
export function badRequest(message: string): Error {
  return Object.assign(new Error(message), { status: 400 });
}

/** A query on one table. */
export class Query {
  private readonly params: unknown[] = [];
  /** Link columns joined, for filters or expansion. */
  private readonly joins = new Set<string>();
  private readonly expand = new Set<string>();
  private readonly where: string;

  constructor(
    private readonly store: PGlite,
    private readonly tables: XataTable[],
    private readonly table: XataTable,
    columns: string[],
    filter: Filter,
  ) {
    for (const column of columns) {
      const [link, rest] = column.split(".");
      if (rest !== undefined && link) {
        this.linkTable(link);
        this.joins.add(link);
        this.expand.add(link);
      }
    }
    this.where = this.compile(filter);
  }

  /** Runs the query and returns `{ records, meta }` as Xata's query endpoint does. */
  async run({ size, offset = 0 }: { size: number; offset?: number }) {
    const selects = ["to_jsonb(t.*) AS row", ...[...this.expand].map((link) => `CASE WHEN "j_${link}".id IS NULL THEN NULL ELSE to_jsonb("j_${link}".*) END AS "x_${link}"`)];
    const joins = [...this.joins].map((link) => `LEFT JOIN "${this.linkTable(link).name}" "j_${link}" ON "j_${link}".id = t."${link}"`);
    const sql = `SELECT ${selects.join(", ")} FROM "${this.table.name}" t ${joins.join(" ")}
      WHERE ${this.where} ORDER BY t.xata_createdat, t.id LIMIT ${size + 1} OFFSET ${offset}`;
    const { rows } = await this.store.query<Row>(sql, this.params);
    const more = rows.length > size;
    const records = rows.slice(0, size).map((row) => {
      const expanded = new Map([...this.expand].map((link) => [link, (row[`x_${link}`] as Row | null) ?? null]));
      return Query.record(this.table, row.row as Row, expanded, this.tables);
    });
    return { records, meta: { page: { cursor: more ? String(offset + size) : "", more, size } } };
  }

  /** A stored row as a Xata record: `id`, `xata` metadata, set columns, links as `{ id }` or expanded records. */
  static record(table: XataTable, row: Row, expanded: Map<string, Row | null>, tables: XataTable[] = []): Row {
    const record: Row = {
      id: row.id,
      xata: { version: row.xata_version, createdAt: row.xata_createdat, updatedAt: row.xata_updatedat },
    };
    for (const column of table.columns) {
      const value = row[column.name] ?? null;
      // Like Xata, a record leaves out the columns that have no value.
      if (value === null) continue;
      if (column.type !== "link") record[column.name] = value;
      else if (expanded.has(column.name)) {
        const linked = expanded.get(column.name);
        const linkedTable = tables.find((t) => t.name === column.link?.table);
        record[column.name] = linked && linkedTable ? Query.record(linkedTable, linked, new Map()) : null;
      } else record[column.name] = { id: value };
    }
    return record;
  }

  private linkTable(link: string): XataTable {
    const column = this.table.columns.find((c) => c.name === link && c.type === "link");
    const linked = this.tables.find((t) => t.name === column?.link?.table);
    if (!linked) throw badRequest(`column [${link}] is not a link`);
    return linked;
  }

  /** SQL for a column path: `col`, `id`, `link.id` (the link itself) or `link.col` (joined). */
  private column(path: string): string {
    const [head, tail] = path.split(".");
    if (!head) throw badRequest(`bad column [${path}]`);
    if (tail === undefined) {
      if (head !== "id" && !this.table.columns.some((c) => c.name === head)) throw badRequest(`column [${head}] not found`);
      return `t."${head}"`;
    }
    const linked = this.linkTable(head);
    if (tail === "id") return `t."${head}"`;
    if (!linked.columns.some((c) => c.name === tail)) throw badRequest(`column [${path}] not found`);
    this.joins.add(head);
    return `"j_${head}"."${tail}"`;
  }

  private param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  private compile(filter: unknown): string {
    if (Array.isArray(filter)) return this.group(filter, " AND ");
    if (!filter || typeof filter !== "object") throw badRequest("unsupported filter");
    const parts = Object.entries(filter as Filter).map(([key, value]) => {
      if (key === "$all") return this.group(value, " AND ");
      if (key === "$any") return this.group(value, " OR ");
      if (key === "$not") return `NOT (${this.compile(value)})`;
      return this.condition(this.column(key), value);
    });
    return parts.length === 0 ? "TRUE" : parts.join(" AND ");
  }

  private group(value: unknown, joiner: string): string {
    const items = Array.isArray(value) ? value : Object.entries(value as Filter).map(([k, v]) => ({ [k]: v }));
    return items.length === 0 ? "TRUE" : `(${items.map((item) => this.compile(item)).join(joiner)})`;
  }

  private condition(column: string, value: unknown): string {
    if (value === null) return `${column} IS NULL`;
    if (typeof value !== "object") return `${column} = ${this.param(value)}`;
    const [operator, operand] = Object.entries(value as Filter)[0] ?? [];
    if (operator === "$is") return this.condition(column, operand);
    if (operator === "$isNot") return operand === null ? `${column} IS NOT NULL` : `${column} IS DISTINCT FROM ${this.param(operand)}`;
    if (operator === "$any" && Array.isArray(operand)) return `${column} = ANY(${this.param(operand)})`;
    throw badRequest(`unsupported filter operator [${operator}]`);
  }
}
