/**
 * The plugin API of Latch: `definePlugin` makes a plugin (endpoints under `<base>/<id>/…`,
 * hooks around sign-in and session reads, fields on `session.user`, adapter methods and tables it
 * needs); pass it in the config's `plugins`.
 *
 * @example
 * ```ts
 * import { definePlugin } from "@latch/core/plugins"
 * export const hello = definePlugin({
 *   id: "hello",
 *   endpoints: { greet: { method: "GET", path: "", handler: ({ json }) => json({ hello: "world" }) } },
 * })
 * ```
 * @module @latch/core/plugins
 */
import { checkPlugins } from "./registry/plugin-check.js";
import type { PluginCode } from "./config/plugin-code.js";
import { rowsOfPlugins } from "./registry/plugin-rows.js";
import { withPluginFields } from "./session/plugin-fields.js";
import { afterSignIn, beforeSignIn, signOut } from "./signin/plugin-hooks.js";
import { pluginCode } from "./symbols.js";
import type { Plugin, PluginTable } from "./types/plugin.js";

/** What every plugin carries: the code that runs plugins, shared by all of them. */
const code: PluginCode = {
  check: checkPlugins,
  rows: rowsOfPlugins,
  beforeSignIn,
  afterSignIn,
  signOut,
  withFields: withPluginFields,
  // The sign-in page's forms load with the page.
  signInPage: async (ctx, props) => (await import("./pages/plugin-forms.js")).pluginSignInForms(ctx, props),
};

export type {
  AfterSignInInput, BeforeSignInInput, Plugin, PluginEndpoint, PluginEndpointContext, PluginHooks, PluginResponse, PluginSignIn, SignedInUser,
  PluginAccountPage, PluginTable, PluginUserFields, SessionOf, SessionReadInput, PluginPageSettings, PluginSignInForm, PluginSignInSentences, SignOutInput,
} from "./types/plugin.js";

/**
 * Makes a plugin, keeping its id and the fields its `session` hook returns in its type, so that
 * the integrations type `session.user` with them.
 *
 * @example
 * ```ts
 * const roles = definePlugin({
 *   id: "roles",
 *   hooks: { session: async ({ userId }) => ({ role: userId === "1" ? "admin" : "member" }) },
 * })
 * ```
 */
export function definePlugin<const Id extends string, UserFields extends object = {}>(plugin: Plugin<Id, UserFields>): Plugin<Id, UserFields> {
  return Object.defineProperty({ ...plugin }, pluginCode, { value: code, enumerable: false });
}

/**
 * The tables and columns the plugins need, one entry per table (the columns of every plugin
 * that names it), for migrations, `latch check` and documentation.
 *
 * @example
 * ```ts
 * for (const { table, columns } of pluginSchema(config.plugins ?? [])) console.log(table, Object.keys(columns))
 * ```
 */
export function pluginSchema(plugins: readonly Plugin[]): PluginTable[] {
  const tables = new Map<string, Record<string, string>>();
  for (const { table, columns } of plugins.flatMap((p) => p.schema ?? [])) tables.set(table, { ...tables.get(table), ...columns });
  return [...tables].map(([table, columns]) => ({ table, columns }));
}
