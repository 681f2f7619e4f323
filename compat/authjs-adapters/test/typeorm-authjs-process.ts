/**
 * Runs `@auth/typeorm-adapter` (with this folder's TypeORM 0.3) in a process of its own, for
 * tests that also load @latch/typeorm (TypeORM 1.x): TypeORM keeps its metadata in one global per
 * process, which the two versions cannot share. Reads a JSON request on stdin —
 * `{ connection, calls: [{ method, args }] }` — calls each adapter method in order and prints the
 * results as JSON. A date travels as `{ "$date": <ms> }` both ways.
 */
import "reflect-metadata";
import { authjsTypeorm } from "./load.js";

interface Request {
  connection: Record<string, unknown>;
  calls: { method: string; args: unknown[] }[];
}

function revive(_key: string, value: unknown): unknown {
  return value && typeof value === "object" && "$date" in value ? new Date((value as { $date: number }).$date) : value;
}

function dated(value: unknown): unknown {
  if (value instanceof Date) return { $date: value.getTime() };
  if (Array.isArray(value)) return value.map(dated);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, dated(item)]));
  return value;
}

let input = "";
for await (const chunk of process.stdin) input += String(chunk);
const request = JSON.parse(input, revive) as Request;
const adapter = (await authjsTypeorm()).TypeORMAdapter(request.connection) as Record<string, (...args: unknown[]) => Promise<unknown>>;
const results: unknown[] = [];
try {
  for (const { method, args } of request.calls) results.push(dated((await adapter[method]!(...args)) ?? null));
  process.stdout.write(JSON.stringify({ results }));
} catch (error) {
  process.stdout.write(JSON.stringify({ results, error: String(error) }));
} finally {
  await adapter.__disconnect?.();
}
