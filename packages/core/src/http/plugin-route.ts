import type { Plugin, PluginEndpoint } from "../types/plugin.js";

/** A request under `<base>/<plugin id>/…`, matched to one endpoint of the plugin. */
export interface PluginRoute {
  readonly plugin: Plugin;
  readonly endpoint: PluginEndpoint;
  /** The path under `<base>/<plugin id>`, without leading or trailing slash. */
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
}

/** The methods of an endpoint, upper case. */
export function methodsOf(endpoint: PluginEndpoint): string[] {
  return [endpoint.method].flat().map((m) => m.toUpperCase());
}

/** The params of `segments` when they match the endpoint's `path` (`:name` one segment, a final `*` the rest), else `null`. */
function matchPath(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = pattern ? pattern.split("/") : [];
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    if (part === "*" && index === parts.length - 1) {
      if (index >= segments.length) return null;
      params["*"] = segments.slice(index).join("/");
      return params;
    }
    const segment = segments[index];
    if (segment === undefined) return null;
    if (part.startsWith(":")) params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return segments.length === parts.length ? params : null;
}

/** The configured plugin whose id is the first of `segments`. */
export function pluginOf(segments: readonly string[], plugins: readonly Plugin[] | undefined): Plugin | undefined {
  return segments.length ? plugins?.find((p) => p.id === segments[0]) : undefined;
}

/**
 * The endpoint of `plugin` that `method` and `segments` (the percent-decoded path under
 * `<base>/<plugin id>`) name: `"none"` when no path matches, `"method"` when a path matches
 * under other methods only.
 */
export function matchEndpoint(plugin: Plugin, method: string, segments: readonly string[]): PluginRoute | "none" | "method" {
  let pathMatched = false;
  for (const endpoint of Object.values(plugin.endpoints ?? {})) {
    const params = matchPath(endpoint.path, segments);
    if (!params) continue;
    pathMatched = true;
    if (methodsOf(endpoint).includes(method)) return { plugin, endpoint, path: segments.join("/"), params };
  }
  return pathMatched ? "method" : "none";
}

/** The percent-decoded segments of a plugin path's rest (`providerId`), or `null` when one is badly encoded. */
export function restSegments(rest: string | undefined): string[] | null {
  try {
    return rest === undefined ? [] : rest.split("/").map(decodeURIComponent);
  } catch {
    return null;
  }
}
