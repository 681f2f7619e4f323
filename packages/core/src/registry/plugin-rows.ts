/**
 * The registry's rows of the configured plugins (PROTOCOL §1: `<base>/<plugin id>/…`, any method,
 * any depth): one row per plugin, answering the methods its endpoints answer under its id. Which
 * endpoint answers, its CSRF rule and its rate-limit class are the endpoint's, found by its path
 * pattern (`http/plugin-route.ts`). Only `@latch/core/plugins` loads this module: an app without
 * plugins never bundles it.
 */
import { matchEndpoint, methodsOf, restSegments, type PluginRoute } from "../http/plugin-route.js";
import type { Plugin } from "../types/plugin.js";
import type { AnsweringRow } from "../http/request.js";
import type { LimitClass, LimitedFields } from "../rows/row.js";
import { pluginHandler } from "../actions/plugin.js";

/** The endpoint of `plugin` that answers `req` (its method and the rest of its path), or `undefined`. */
export function endpointOf(plugin: Plugin, req: LimitedFields & { readonly providerId?: string }): PluginRoute | undefined {
  const segments = restSegments(req.providerId);
  const matched = segments && matchEndpoint(plugin, req.method, segments);
  return typeof matched === "object" && matched ? matched : undefined;
}

function pluginRow(plugin: Plugin): AnsweringRow {
  const methods = [...new Set(Object.values(plugin.endpoints ?? {}).flatMap(methodsOf))];
  return {
    path: plugin.id,
    tail: "any",
    methods,
    answer: "json",
    // Per endpoint: a method that changes state carries the token unless the endpoint says `csrf: false`.
    csrf: "handler",
    limit: (_type, req): LimitClass | undefined => {
      const route = endpointOf(plugin, req)?.endpoint.rateLimit;
      return route ? { route } : undefined;
    },
    handler: () => pluginHandler(plugin),
  };
}

/** The rows of `plugins`, one per plugin. */
export function rowsOfPlugins(plugins: readonly Plugin[]): readonly AnsweringRow[] {
  return plugins.filter((p) => typeof p?.id === "string").map(pluginRow);
}
