/**
 * STAND-IN, NOT XATA. A loopback HTTP server (127.0.0.1, random port) that answers the few
 * endpoints of Xata's REST API the real `@xata.io/client` calls for `@latch/xata`: branch
 * details (the schema), insert / read / update / delete of one record, and table queries with
 * equality filters and link expansion. Rows live in an in-memory PGlite database.
 * Why it exists: Xata is a hosted service and no Xata server can run where the tests run, so
 * this is the smallest honest peer that lets the adapter be driven through the real client
 * over HTTP. It implements nothing beyond what the adapter needs and answers 400 to the rest.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import type { XataTable } from "../src/schema.js";
import { Query, type Filter } from "./xata-stand-in-query.js";

/** A running stand-in. */
export interface XataStandIn {
  /**
   * Options for the client's constructor. The client only accepts database URLs shaped like
   * Xata's (`<workspace>.<region>.xata.sh` or, for Xata's local setup,
   * `<workspace>.<region>.localhost:<port>`), so `databaseURL` has the local shape and `fetch`
   * sends those requests to 127.0.0.1, where `*.localhost` names do not resolve.
   */
  clientOptions: { databaseURL: string; apiKey: string; branch: string; fetch: typeof fetch };
  /** The store, for tests that read rows directly. */
  store: PGlite;
  close(): Promise<void>;
}

/** An error the stand-in answers with, as Xata does: a status and `{ message }`. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const sqlType = { string: "text", text: "text", email: "text", int: "bigint", datetime: "timestamptz", link: "text" } as const;

/** Starts a stand-in holding `tables` (created empty) for database `database`. */
export async function startXataStandIn(tables: XataTable[], database = "latch"): Promise<XataStandIn> {
  const store = new PGlite();
  for (const table of tables) {
    const columns = table.columns.map((c) => `"${c.name}" ${sqlType[c.type]}${c.unique ? " UNIQUE" : ""}`);
    await store.query(`CREATE TABLE "${table.name}" (
      id text PRIMARY KEY, xata_version integer NOT NULL DEFAULT 0,
      xata_createdat timestamptz NOT NULL DEFAULT now(), xata_updatedat timestamptz NOT NULL DEFAULT now(),
      ${columns.join(", ")})`);
  }
  const apiKey = `xau_${randomBytes(12).toString("hex")}`;
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const { status, code } = error as { status?: number; code?: string };
      // 23505: a unique constraint of the store, which Xata reports as a bad request.
      const answer = status ?? (code === "23505" ? 400 : 500);
      send(res, answer, { message: error instanceof Error ? error.message : String(error) });
    });
  });

  function table(name: string): XataTable {
    const found = tables.find((t) => t.name === name);
    if (!found) throw new HttpError(404, `table [${name}] not found`);
    return found;
  }

  /** Checks the body's keys against the table's columns and returns them with values. */
  function fields(t: XataTable, body: Record<string, unknown>): [string, unknown][] {
    return Object.entries(body).map(([key, value]) => {
      if (!t.columns.some((c) => c.name === key)) throw new HttpError(400, `column [${key}] not found in table [${t.name}]`);
      return [key, value];
    });
  }

  async function readRecord(t: XataTable, id: string, columns: string[]) {
    const { records } = await new Query(store, tables, t, columns, { id }).run({ size: 1 });
    return records[0] ?? null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.authorization !== `Bearer ${apiKey}`) throw new HttpError(401, "invalid API key");
    const url = new URL(req.url ?? "/", "http://stand-in");
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const [db, branchPath, tablesWord, tableName, action, id] = parts;
    if (db !== "db" || !branchPath?.startsWith(`${database}:`)) throw new HttpError(404, "no such database or branch");
    const body = await readJson(req);
    const columns = (url.searchParams.get("columns") ?? "*").split(",");

    // GET /db/{db}:{branch}: branch details, of which the client reads the schema.
    if (parts.length === 2 && req.method === "GET") return send(res, 200, { branchName: branchPath.split(":")[1], schema: { tables } });
    if (tablesWord !== "tables" || !tableName) throw new HttpError(400, "unsupported endpoint");
    const t = table(tableName);

    if (action === "query" && req.method === "POST" && id === undefined) {
      const request = body as { filter?: Filter; columns?: string[]; page?: { size?: number; after?: string; offset?: number } };
      const query = new Query(store, tables, t, request.columns ?? ["*"], request.filter ?? {});
      const page = request.page ?? {};
      const offset = page.after !== undefined ? Number(page.after) : (page.offset ?? 0);
      return send(res, 200, await query.run({ size: page.size ?? 20, offset }));
    }
    if (action !== "data") throw new HttpError(400, "unsupported endpoint");

    if (id === undefined && req.method === "POST") {
      const newId = `rec_${randomBytes(10).toString("hex")}`;
      await insert(t, newId, body as Record<string, unknown>);
      return send(res, 201, await readRecord(t, newId, columns));
    }
    if (id === undefined) throw new HttpError(400, "unsupported endpoint");

    switch (req.method) {
      case "PUT": {
        const exists = (await store.query(`SELECT 1 FROM "${t.name}" WHERE id = $1`, [id])).rows.length > 0;
        if (exists && url.searchParams.get("createOnly") === "true") throw new HttpError(422, `record with ID [${id}] already exists`);
        if (exists) await store.query(`DELETE FROM "${t.name}" WHERE id = $1`, [id]);
        await insert(t, id, body as Record<string, unknown>);
        return send(res, 201, await readRecord(t, id, columns));
      }
      case "GET": {
        const record = await readRecord(t, id, columns);
        if (!record) throw new HttpError(404, `record [${id}] not found`);
        return send(res, 200, record);
      }
      case "PATCH": {
        const set = fields(t, body as Record<string, unknown>);
        const assignments = set.map(([key], i) => `"${key}" = $${i + 2}`);
        const updated = await store.query(
          `UPDATE "${t.name}" SET ${[...assignments, "xata_version = xata_version + 1", "xata_updatedat = now()"].join(", ")}
           WHERE id = $1 RETURNING id`,
          [id, ...set.map(([, value]) => value)],
        );
        if (updated.rows.length === 0) throw new HttpError(404, `record [${id}] not found`);
        return send(res, 200, await readRecord(t, id, columns));
      }
      case "DELETE": {
        // One statement, so that of two concurrent deletes only one gets the record.
        const deleted = await store.query<{ row: Record<string, unknown> }>(`DELETE FROM "${t.name}" t WHERE id = $1 RETURNING to_jsonb(t.*) AS row`, [id]);
        const row = deleted.rows[0];
        if (!row) throw new HttpError(404, `record [${id}] not found`);
        return send(res, 200, Query.record(t, row.row, new Map()));
      }
      default:
        throw new HttpError(400, "unsupported method");
    }
  }

  async function insert(t: XataTable, id: string, body: Record<string, unknown>): Promise<void> {
    const set = fields(t, body);
    const names = ["id", ...set.map(([key]) => `"${key}"`)];
    await store.query(
      `INSERT INTO "${t.name}" (${names.join(", ")}) VALUES (${names.map((_, i) => `$${i + 1}`).join(", ")})`,
      [id, ...set.map(([, value]) => value)],
    );
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const loopbackFetch: typeof fetch = (input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input));
    if (target.hostname !== "localhost" && !target.hostname.endsWith(".localhost")) throw new Error(`the stand-in client only talks to the stand-in, not ${target.origin}`);
    target.hostname = "127.0.0.1";
    return fetch(target, init);
  };
  return {
    clientOptions: { databaseURL: `http://ws.local.localhost:${port}/db/${database}`, apiKey, branch: "main", fetch: loopbackFetch },
    store,
    async close() {
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      await store.close();
    },
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : {};
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
