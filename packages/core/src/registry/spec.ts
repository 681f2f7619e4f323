/**
 * Rows written as one spec each (`"GET,POST page handler callback"`), for the core table and for
 * the tables the features carry on their options and providers.
 */
import type { ActionHandler, AnsweringRow } from "../http/request.js";
import type { HandlerLoader } from "../rows/row.js";
import type { AuthAction } from "../types/actions.js";

type Path = AuthAction | `${AuthAction}/${string}`;

/** `"METHODS ANSWER CSRF path"`: `GET,POST page handler callback`; no methods (`" page none signup"`): a row that answers none. */
export type RowSpec = `${string} ${AnsweringRow["answer"]} ${AnsweringRow["csrf"]} ${Path}`;

/** What a row declares beyond its spec and its handler. */
export type RowExtra = Partial<Pick<AnsweringRow, "tail" | "limit" | "startsSession" | "sendsMail" | "refusesImpersonation" | "ownCredential" | "readsOnlyCookie">>;

/** A row from its spec, its handler and what it declares beyond them. */
export function row(spec: RowSpec, handler: HandlerLoader<ActionHandler>, extra?: RowExtra): AnsweringRow {
  const [methods, answer, csrf, path] = spec.split(" ") as [string, AnsweringRow["answer"], AnsweringRow["csrf"], string];
  return { path, tail: "none", methods: methods ? methods.split(",") : [], answer, csrf, handler, ...extra };
}

/** A handler that is loaded already. */
export const now =
  (handler: ActionHandler): HandlerLoader<ActionHandler> =>
  () =>
    handler;

/** A handler whose module is loaded when it is first asked for. */
export function lazy<M>(load: () => Promise<M>, pick: (module: M) => ActionHandler): HandlerLoader<ActionHandler> {
  return async () => pick(await load());
}
