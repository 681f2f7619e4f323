/**
 * Finding a request's row: the parser asks which path a URL names (whatever its method), the
 * router which row answers that path and method.
 */
import type { ActionRow } from "./row.js";

/** A path under the base path, as the router keeps it: the action and the rest (`providerId`). */
export interface ParsedPath {
  readonly action: string;
  /** What follows the action: a provider id (percent-decoded), a fixed subpath, or a plugin's rest. */
  readonly providerId?: string;
}

const actionOf = (row: ActionRow): string => row.path.split("/", 1)[0]!;

/** The fixed part of a row's path after its action (`"forgot"` of `password/forgot`), or `""`. */
const subpathOf = (row: ActionRow): string => row.path.slice(actionOf(row).length + 1);

function matchSegments(row: ActionRow, segments: readonly string[]): ParsedPath | null {
  const fixed = row.path.split("/");
  if (segments.length < fixed.length || fixed.some((segment, i) => segments[i] !== segment)) return null;
  const rest = segments.slice(fixed.length);
  const sub = subpathOf(row);
  const join = (tail: string | undefined) => (sub && tail !== undefined ? `${sub}/${tail}` : (tail ?? (sub || undefined)));
  if (row.tail === "none") return rest.length ? null : { action: fixed[0]!, providerId: join(undefined) };
  if (row.tail === "any") return rest.some((segment) => !segment) ? null : { action: fixed[0]!, providerId: join(rest.length ? rest.join("/") : undefined) };
  if (rest.length !== 1 || !rest[0]) return null;
  try {
    return { action: fixed[0]!, providerId: join(decodeURIComponent(rest[0])) };
  } catch {
    return null;
  }
}

/** `{ action, providerId }` of a path under `basePath` that some row serves (by any method), or `null`. */
export function parsePath(rows: readonly ActionRow[], pathname: string, basePath: string): ParsedPath | null {
  if (basePath && pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return null;
  const segments = pathname.slice(basePath.length).replace(/\/$/, "").split("/").slice(1);
  if (!segments.length || !segments[0]) return null;
  for (const row of rows) {
    const parsed = matchSegments(row, segments);
    if (parsed) return parsed;
  }
  return null;
}

const answers = (row: ActionRow, method: string) => row.methods === "any" || row.methods.includes(method);

/** True when a row of `action` answers `method` at some path: the parser refuses other methods. */
export function methodServed(rows: readonly ActionRow[], action: string, method: string): boolean {
  return rows.some((row) => actionOf(row) === action && answers(row, method));
}

/** The row that answers `method` at a parsed path, or `undefined`. */
export function rowOf(rows: readonly ActionRow[], method: string, action: string, providerId: string | undefined): ActionRow | undefined {
  return rows.find((row) => {
    if (actionOf(row) !== action || !answers(row, method)) return false;
    const sub = subpathOf(row);
    let rest: string | undefined = providerId;
    if (sub) {
      if (providerId === sub) rest = undefined;
      else if (providerId?.startsWith(`${sub}/`)) rest = providerId.slice(sub.length + 1);
      else return false;
    }
    if (row.tail === "none") return rest === undefined;
    if (row.tail === "provider") return !!rest;
    return true;
  });
}

/** The actions (first path segments) the rows serve. */
export function actionsOf(rows: readonly ActionRow[]): ReadonlySet<string> {
  return new Set(rows.map(actionOf));
}
