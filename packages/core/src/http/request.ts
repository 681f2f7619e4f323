import type { PluginRoute } from "./plugin-route.js";
import type { AuthAction } from "../types/actions.js";

/** A request as the actions see it: plain data, no `Request`. */
export interface AuthRequest {
  readonly url: URL;
  /** `GET` or `POST`; a plugin endpoint may answer any method. */
  readonly method: "GET" | "POST" | (string & {});
  /** Latch's action, or `"plugin"` for a path under `<base>/<plugin id>` (then `plugin` says which). */
  readonly action: AuthAction | "plugin";
  /** The plugin endpoint a path under `<base>/<plugin id>` names. */
  readonly plugin?: PluginRoute;
  readonly providerId?: string;
  /** The query; the first of a repeated name wins. */
  readonly query: Readonly<Record<string, string>>;
  /** The POST body's fields (form or JSON object); `undefined` for other content types. */
  readonly body?: Readonly<Record<string, unknown>>;
  /** Percent-decoded cookies; the first of a duplicated name wins. */
  readonly cookies: Readonly<Record<string, string>>;
  readonly headers: Headers;
  /** The client asked for `{ url }` instead of redirects (`X-Auth-Return-Redirect`). */
  readonly jsonMode: boolean;
  /** The original request, for user callbacks that take one. */
  readonly request: Request;
}
