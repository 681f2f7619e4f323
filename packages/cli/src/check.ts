import { parseArgs } from "node:util";
import type { AuthConfig } from "@latch/core";
import { findConfigModule, loadConfigModule } from "./config-module.js";
import { exitCodes, type ExitCode } from "./exit-codes.js";
import { importFromProject } from "./load.js";
import type { Io } from "./output.js";
import { latchPrismaPackage, prismaProvider } from "./prisma/package.js";
import { findAppSchema, missingFromSchema, parsePrismaSchema, partName } from "./prisma/schema.js";
import { envPrefix } from "./providers.js";

/** Something that would fail at run time, named by the error type core would raise. */
export interface Problem {
  code: string;
  message: string;
}

type CoreModule = typeof import("@latch/core");

/** A provider as `setEnvDefaults` leaves it: the preset's fields with the user's options on top. */
type MergedProvider = Record<string, unknown> & { id: string; type: string; name?: string };

/** The origin `Auth` sees in the check's request when neither `siteUrl` nor AUTH_URL sets one. */
const placeholderOrigin = "http://localhost:3000";

/** Email addresses that are examples, not a sender a mail service accepts. */
const placeholderSender = /@(?:[\w-]+\.)*(?:example\.(?:com|org|net)|authjs\.dev|localhost)>?\s*$/i;

function merged(provider: AuthConfig["providers"][number]): MergedProvider {
  const resolved = (typeof provider === "function" ? (provider as () => unknown)() : provider) as MergedProvider & { options?: Record<string, unknown> };
  return { ...resolved, ...resolved.options } as MergedProvider;
}

/** The origin of `siteUrl` (its path is `basePath`'s business), or the placeholder when it has none. */
function siteOrigin(config: AuthConfig): string {
  try {
    return typeof config.siteUrl === "string" ? new URL(config.siteUrl).origin : placeholderOrigin;
  } catch {
    return placeholderOrigin; // an invalid AUTH_URL is core's to report
  }
}

function normalizeBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? "/auth").replace(/\/+$/, "");
  return !trimmed || trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

/**
 * Runs core's own checks (`Auth` asserts the config before any action) on a copy of the config
 * by asking it for `GET <basePath>/providers`, and reads the problem it logs. A problem that has
 * a stand-in (a secret, a trusted host) is noted and the check runs again, so that the problems
 * behind it show too. Returns the problems and, when the config passes, the providers' URLs.
 */
async function coreProblems(Auth: CoreModule["Auth"], config: AuthConfig): Promise<{ problems: Problem[]; warnings: Problem[]; providers?: Record<string, { id: string; type: string; callbackUrl: string }> }> {
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  let scratch: AuthConfig = { ...config };
  for (let attempt = 0; attempt < 5; attempt++) {
    let logged: Problem | undefined;
    const logger = {
      error: (code: string, error?: unknown) => void (logged ??= { code, message: error instanceof Error ? error.message : String(error ?? "") }),
      warn: (code: string, message?: unknown) => void (warnings.some((w) => w.code === code) || warnings.push({ code, message: String(message ?? "") })),
      debug: () => {},
    };
    const trial = { ...scratch, logger };
    const response = await Auth(new Request(`${siteOrigin(trial)}${normalizeBasePath(trial.basePath)}/providers`), trial);
    if (!logged && response.ok) return { problems, warnings, providers: (await response.json()) as Record<string, { id: string; type: string; callbackUrl: string }> };
    problems.push(logged ?? { code: "Configuration", message: `GET /providers answered ${response.status}.` });
    if (logged?.code === "MissingSecret") scratch = { ...scratch, secret: "a stand-in secret for the remaining checks" };
    else if (logged?.code === "UntrustedHost") scratch = { ...scratch, trustHost: true };
    else break;
  }
  return { problems, warnings };
}

/** The problems core finds only at run time (sign-in), or not at all, read from the config itself. */
export function configProblems(config: AuthConfig): Problem[] {
  const problems: Problem[] = [];
  const secrets = (Array.isArray(config.secret) ? config.secret : [config.secret]).filter((s): s is string => typeof s === "string" && s.length > 0);
  for (const secret of secrets) {
    if (secret.length < 32) {
      problems.push({ code: "MissingSecret", message: `A secret is ${secret.length} characters long; use at least 32 random characters (\`latch secret\` writes one).` });
    }
  }
  for (const provider of config.providers.map(merged)) {
    const prefix = envPrefix(provider.id);
    if (provider.type === "oauth" || provider.type === "oidc") {
      if (!provider.clientId) problems.push({ code: "OAuthSignInError", message: `Provider "${provider.id}" has no clientId. Set it, or ${prefix}_ID.` });
      const method = (provider.client as { token_endpoint_auth_method?: string } | undefined)?.token_endpoint_auth_method;
      if (!provider.clientSecret && method !== "none") {
        problems.push({ code: "OAuthCallbackError", message: `Provider "${provider.id}" has no clientSecret, so Latch would use it as a public client and the provider would refuse the code exchange. Set it, or ${prefix}_SECRET (or \`client: { token_endpoint_auth_method: "none" }\` for a public client).` });
      }
    }
    // The HTTP mail services (Resend, SendGrid, Postmark, Mailgun) send with an API key.
    if (provider.type === "email" && typeof provider.apiBaseUrl === "string" && !provider.apiKey) {
      problems.push({ code: "EmailSignInError", message: `The email provider "${provider.id}" has no apiKey, so no message can be sent. Set it, or ${prefix}_KEY.` });
    }
    if (provider.type === "email" && typeof provider.from === "string" && placeholderSender.test(provider.from)) {
      problems.push({ code: "EmailSignInError", message: `The email provider "${provider.id}" sends from "${provider.from}", a placeholder: set \`from\` to an address your mail service may send from.` });
    }
    if (provider.type === "credentials" && "hashParameters" in provider && !config.adapter) {
      problems.push({ code: "MissingAdapter", message: `The password provider "${provider.id}" stores password hashes through the adapter; set \`adapter\` in the config.` });
    }
  }
  return problems;
}

/**
 * For an app on Prisma with `@latch/prisma` installed: the models and fields of the package's
 * schema that the app's schema does not declare, by name, with what adds them. `PrismaAdapter`
 * reads and writes every one of them, and the app's generated client has only what its schema
 * declares. Nothing when the app has no Prisma schema or no `@latch/prisma`.
 */
export function prismaSchemaProblems(cwd: string, schemaPath?: string): Problem[] {
  const found = findAppSchema(cwd, schemaPath);
  if (!found) return [];
  const app = parsePrismaSchema(found.text);
  let provider;
  try {
    provider = prismaProvider(app.provider ?? "", "datasource");
  } catch {
    return []; // a provider @latch/prisma has no schema for: not an app on @latch/prisma
  }
  let pkg;
  try {
    pkg = latchPrismaPackage(cwd, provider);
  } catch {
    return [];
  }
  const missing = missingFromSchema(pkg.schema, app);
  if (!missing.length) return [];
  const names = missing.map(partName);
  // The package's models are not mapped: its migrations name tables and columns as the models and fields.
  const migrations = pkg.migrations.filter((m) => names.some((name) => m.makes.has(name))).map((m) => m.name);
  const shown = found.path.startsWith(cwd) ? found.path.slice(cwd.length + 1) : found.path;
  return [
    {
      code: "AdapterError",
      message:
        `The Prisma schema ${shown} lacks ${names.length === 1 ? "" : `${names.length} models and fields `}@latch/prisma uses: ${names.join(", ")}. ` +
        `Copy them from ${pkg.shownAs}/prisma/${provider}/schema.prisma; ` +
        (migrations.length ? `copy ${migrations.map((m) => `${pkg.shownAs}/prisma/${provider}/migrations/${m}`).join(" and ")} into prisma/migrations (renamed to sort after your last), ` : "") +
        "then `npx prisma migrate deploy` and `npx prisma generate` (`latch migrate status --prisma " + provider + "` compares the database).",
    },
  ];
}

/** `latch check [--config <module>] [--prisma-schema <path>]` */
export async function checkCommand(args: string[], io: Io): Promise<ExitCode> {
  const { values } = parseArgs({ args, options: { config: { type: "string" }, "prisma-schema": { type: "string" } }, strict: true });
  // As in production unless the environment says otherwise: that is where a config must hold.
  io.env.NODE_ENV ??= "production";
  const path = findConfigModule(io.cwd, values.config);
  const loaded = await loadConfigModule(path, io.cwd);
  const { Auth, setEnvDefaults } = await importFromProject<CoreModule>("@latch/core", io.cwd);
  const config: AuthConfig = { ...loaded, providers: [...loaded.providers], logger: { warn: () => {}, error: () => {}, debug: () => {} } };
  setEnvDefaults(io.env, config);
  io.out.line(`Checking ${path} (NODE_ENV=${io.env.NODE_ENV})`);
  const core = await coreProblems(Auth, config);
  const problems = [...core.problems, ...configProblems(config).filter((p) => !core.problems.some((c) => c.message === p.message)), ...prismaSchemaProblems(io.cwd, values["prisma-schema"])];
  for (const problem of problems) io.out.line(`${io.out.style("red", "✗")} ${io.out.style("bold", problem.code)}: ${problem.message}`);
  for (const warning of core.warnings) io.out.line(`${io.out.style("yellow", "!")} ${warning.code}: ${warning.message}`);
  // When core refused the config, the URLs are built the way core builds them: <origin><basePath>/callback/<id>.
  const listed = core.providers
    ? Object.values(core.providers)
    : config.providers.map(merged).map((p) => ({ id: p.id, type: p.type, callbackUrl: `${siteOrigin(config)}${normalizeBasePath(config.basePath)}/callback/${p.id}` }));
  const oauth = listed.filter((p) => p.type === "oauth" || p.type === "oidc");
  if (oauth.length) {
    const fromPlaceholder = typeof config.siteUrl !== "string";
    io.out.line();
    io.out.line(`Callback URLs to register at each provider${fromPlaceholder ? ` (on ${placeholderOrigin}: set AUTH_URL to see your site's)` : ""}:`);
    const width = Math.max(...oauth.map((p) => p.id.length));
    for (const provider of oauth) io.out.line(`  ${provider.id.padEnd(width)}  ${provider.callbackUrl}`);
  }
  const tables = (config.plugins ?? []).flatMap((plugin) => (plugin.schema ?? []).map((table) => ({ plugin: plugin.id, ...table })));
  if (tables.length) {
    io.out.line();
    io.out.line("Tables and columns the plugins need (create them with your migrations):");
    for (const { plugin, table, columns } of tables) {
      io.out.line(`  ${table} (${plugin}): ${Object.entries(columns).map(([column, type]) => `${column} ${type}`).join(", ")}`);
    }
  }
  io.out.line();
  if (!problems.length) {
    io.out.line(`${io.out.style("green", "✓")} No problem found.`);
    return exitCodes.ok;
  }
  io.out.line(`${problems.length} problem${problems.length === 1 ? "" : "s"} found.`);
  return exitCodes.found;
}
