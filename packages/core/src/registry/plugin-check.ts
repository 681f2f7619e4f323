import type { Adapter } from "../adapter.js";
import { type AuthError, InvalidPlugin, MissingAdapter, MissingAdapterMethods } from "../errors.js";
import { reservedActions } from "./table.js";
import type { Plugin } from "../types/plugin.js";

/** A plugin id is one path segment: lower-case letters, digits and dashes. */
const idPattern = /^[a-z0-9][a-z0-9-]*$/;
/** An endpoint path: segments of URL-safe characters, `:name` ones, and a final `*`. */
const segmentPattern = /^(?::[A-Za-z_][A-Za-z0-9_]*|[A-Za-z0-9._~-]+)$/;

function checkEndpoints(plugin: Plugin): AuthError | null {
  const seen = new Set<string>();
  for (const [name, endpoint] of Object.entries(plugin.endpoints ?? {})) {
    const where = `The endpoint "${name}" of the plugin "${plugin.id}"`;
    if (typeof endpoint?.handler !== "function") return new InvalidPlugin(`${where} has no \`handler\` function.`);
    const methods = [endpoint.method].flat();
    if (!methods.length || methods.some((m) => typeof m !== "string" || !/^[A-Za-z]+$/.test(m))) return new InvalidPlugin(`${where} needs a \`method\` such as "GET" or ["GET", "POST"].`);
    if (typeof endpoint.path !== "string") return new InvalidPlugin(`${where} needs a \`path\` ("" for the plugin's root).`);
    const parts = endpoint.path ? endpoint.path.split("/") : [];
    if (parts.some((part, i) => !(segmentPattern.test(part) || (part === "*" && i === parts.length - 1)))) {
      return new InvalidPlugin(`${where} has the path "${endpoint.path}": use segments such as "users/:id" or "scim/*", without leading slash.`);
    }
    // Two endpoints of one method on one path: the second would never answer.
    const shape = parts.map((p) => (p.startsWith(":") ? ":" : p)).join("/");
    for (const method of methods.map((m) => m.toUpperCase())) {
      if (seen.has(`${method} ${shape}`)) return new InvalidPlugin(`${where} answers ${method} ${endpoint.path}, as another endpoint of the plugin already does.`);
      seen.add(`${method} ${shape}`);
    }
  }
  return null;
}

function checkAccountPages(plugin: Plugin): AuthError | null {
  const pages = plugin.accountPages ?? [];
  if (!Array.isArray(pages)) return new InvalidPlugin(`The plugin "${plugin.id}" needs \`accountPages\` as a list of { path, label }.`);
  for (const [index, page] of pages.entries()) {
    const where = `accountPages[${index}] of the plugin "${plugin.id}"`;
    const path = (page as { path?: unknown } | undefined)?.path;
    // Plain segments only: the link is `<base>/<plugin id>/<path>`, never another site's page.
    if (typeof path !== "string" || (path && path.split("/").some((part) => part.startsWith(":") || part === "." || part === ".." || !segmentPattern.test(part)))) {
      return new InvalidPlugin(`${where} has the path ${JSON.stringify(path)}: use plain segments such as "grants", without leading slash.`);
    }
    if (typeof page.label?.en !== "string" || !page.label.en) return new InvalidPlugin(`${where} needs a \`label\` with its English text (\`en\`).`);
  }
  return null;
}

function checkAdapterMethods(plugin: Plugin, adapter: Adapter | undefined): AuthError | null {
  const needed = plugin.adapterMethods ?? [];
  if (!needed.length) return null;
  if (!adapter) return new MissingAdapter(`The plugin "${plugin.id}" needs an adapter with ${needed.join(", ")}; set \`adapter\` in the config.`);
  const missing = needed.filter((name) => typeof (adapter as unknown as Record<string, unknown>)[name] !== "function");
  if (!missing.length) return null;
  return new MissingAdapterMethods(missing, `The plugin "${plugin.id}" needs the adapter methods ${missing.join(", ")}, which the adapter lacks. Implement ${missing.length > 1 ? "them" : "it"} or use an adapter that does.`);
}

/**
 * The first problem of the configured plugins: an id that is not one path segment, one of
 * Latch's or Auth.js's action names (PROTOCOL §1), or another plugin's; a malformed endpoint; an
 * account page whose path is not plain segments under the plugin's or has no English label; an
 * adapter method it declares that the adapter lacks.
 */
export function checkPlugins(plugins: readonly Plugin[], adapter: Adapter | undefined): AuthError | null {
  const ids = new Set<string>();
  for (const [index, plugin] of plugins.entries()) {
    if (!plugin || typeof plugin !== "object" || typeof plugin.id !== "string" || !idPattern.test(plugin.id)) {
      return new InvalidPlugin(`plugins[${index}] needs an \`id\` of lower-case letters, digits and dashes (it is the first path segment of its endpoints).`);
    }
    const reserved = reservedActions();
    if (reserved.has(plugin.id)) {
      return new InvalidPlugin(`The plugin id "${plugin.id}" is an action Latch serves (${[...reserved].join(", ")}): give the plugin another id.`);
    }
    if (ids.has(plugin.id)) return new InvalidPlugin(`Two plugins have the id "${plugin.id}": each plugin needs its own.`);
    ids.add(plugin.id);
    const problem = checkEndpoints(plugin) ?? checkAccountPages(plugin) ?? checkAdapterMethods(plugin, adapter);
    if (problem) return problem;
  }
  return null;
}
