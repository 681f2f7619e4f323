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

/** A request's path under the base path, and the row that answers its method there (`undefined`: none does). */
export interface Route<Row extends ActionRow> extends ParsedPath {
  readonly row?: Row;
}

/**
 * The route of `method` at `pathname` under `basePath`: its action and what follows (from the first
 * row whose path fits, whatever its method), and the first row whose path fits that answers
 * `method`. `null` when no row's path fits.
 */
export function findRoute<Row extends ActionRow>(rows: readonly Row[], method: string, pathname: string, basePath: string): Route<Row> | null {
  if (basePath && pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return null;
  const segments = pathname.slice(basePath.length).replace(/\/$/, "").split("/").slice(1);
  let path: ParsedPath | null = null;
  for (const row of rows) {
    const { tail } = row;
    const fixed = row.path.split("/");
    const rest = segments.slice(fixed.length);
    if (fixed.some((segment, i) => segments[i] !== segment) || rest.some((segment) => !segment)) continue;
    if (tail === "none" ? rest.length : tail === "provider" && rest.length !== 1) continue;
    if (!path) {
      try {
        path = { action: fixed[0]!, providerId: [...fixed.slice(1), ...(tail === "provider" ? rest.map(decodeURIComponent) : rest)].join("/") || undefined };
      } catch {
        return null;
      }
    }
    if (answers(row, method)) return { ...path, row };
  }
  return path;
}

/** `{ action, providerId }` of a path under `basePath` that some row serves (by any method), or `null`. */
export function parsePath(rows: readonly ActionRow[], pathname: string, basePath: string): ParsedPath | null {
  const route = findRoute(rows, "", pathname, basePath);
  return route && { action: route.action, providerId: route.providerId };
}

/** True when `row` answers `method`. */
export const answers = (row: ActionRow, method: string): boolean => row.methods === "any" || row.methods.includes(method);

/** The row that answers `method` at a parsed path, or `undefined`. */
export function rowOf<Row extends ActionRow>(rows: readonly Row[], method: string, action: string, providerId: string | undefined): Row | undefined {
  return rows.find((row) => {
    const [head, ...fixed] = row.path.split("/");
    const sub = fixed.join("/");
    const rest = !sub ? (providerId ?? "") : providerId === sub ? "" : providerId?.startsWith(`${sub}/`) ? providerId.slice(sub.length + 1) : undefined;
    return head === action && answers(row, method) && rest !== undefined && (row.tail === "any" || (row.tail === "none" ? !rest : !!rest));
  });
}

/** The actions (first path segments) the rows serve. */
export const actionsOf = (rows: readonly ActionRow[]): ReadonlySet<string> => new Set(rows.map((row) => row.path.split("/")[0]!));
