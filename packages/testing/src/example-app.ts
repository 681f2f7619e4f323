/**
 * What every example app (`apps/example-<framework>`) is tested with: the app started as its own
 * process with a deployment's environment ({@link startExampleApp}), and one Chromium scenario
 * ({@link exampleScenario}) through the built-in pages: a protected page, credentials sign-in
 * (right and wrong password), sign-in at an OpenID Provider, the session in a server-rendered
 * page, sign-out.
 *
 * An example app takes part by serving:
 * - `/dashboard`: with a session, `<h1 id="dashboard">Your dashboard, <name></h1>`; without one,
 *   a redirect to `<basePath>/signin?callbackUrl=%2Fdashboard`;
 * - `/`: with a session, `<p id="hello">Hello <name></p>` and a link "Sign out" to
 *   `<basePath>/signout`; without one, `<a id="signin">Sign in</a>`;
 * - a credentials provider (fields `email` and `password`) and an OpenID Connect provider.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createServer } from "node:net";
import type { Browser, Page } from "playwright-core";
import type { OpenIDAccount } from "./openid-provider-accounts.js";
import { startOpenIDProvider, type OpenIDProvider } from "./openid-provider.js";

// Ports a test's server listens on are drawn below the kernel's ephemeral range (32768–60999 by
// default on Linux): a port from there, free when drawn, can be taken as the local port of any
// outgoing connection before the server binds it, and a busy suite opens thousands of those.
const listenPorts = { low: 20_000, high: 32_000 };

/** Whether `port` on 127.0.0.1 can be listened on now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * A free TCP port on 127.0.0.1 for a test's server, drawn at random below the kernel's ephemeral
 * range, so that no outgoing connection takes it before the server listens.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = listenPorts.low + Math.floor(Math.random() * (listenPorts.high - listenPorts.low));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${listenPorts.low} and ${listenPorts.high}`);
}

/** Options of {@link startNodeExample}. */
export interface NodeExampleOptions {
  /** The app's name (`example-express`): its OpenID client's id, and the start of its secrets. */
  name: string;
  /** The app's folder. */
  cwd: string;
  /** The end-user who signs in at the OpenID Provider. */
  oidcUser: OpenIDAccount;
  /** The app's port on 127.0.0.1 (a test knows its origin before the app starts); default a free one. */
  port?: number;
  /** The Node binary to run the app with; default the one running the tests. */
  node?: string;
  /** Node's arguments; default `src/server.ts` run from its sources (`--conditions=source --import tsx`). */
  args?: string[];
}

/** A Node example app running against its own OpenID Provider, from {@link startNodeExample}. */
export interface NodeExample {
  /** `http://127.0.0.1:<port>`, the app's `AUTH_URL`. */
  origin: string;
  app: ExampleApp;
  op: OpenIDProvider;
  /** Stops the app, then the provider. */
  stop(): Promise<void>;
}

/**
 * Starts a Node example (`src/server.ts`, run from its sources as `npm start` runs it) on a free
 * port with a deployment's environment, and a real OpenID Provider on loopback with the app's
 * client registered; the app reads the provider from `AUTH_DEMO_OIDC_ISSUER`, `_ID` and `_SECRET`.
 *
 * @example
 * ```ts
 * const example = await startNodeExample({ name: "example-express", cwd, oidcUser, port: 3000 })
 * await example.stop()
 * ```
 */
export async function startNodeExample(options: NodeExampleOptions): Promise<NodeExample> {
  const { name, cwd, oidcUser } = options;
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const op = await startOpenIDProvider({
    clients: [{ client_id: name, client_secret: `${name}-secret`, redirect_uris: [`${origin}/auth/callback/demo-oidc`] }],
    accounts: [oidcUser],
  });
  try {
    const app = await startExampleApp({
      cwd,
      args: options.args ?? ["--conditions=source", "--import", "tsx", "src/server.ts"],
      ...(options.node ? { node: options.node } : {}),
      env: {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        AUTH_SECRET: `${name}-secret-0123456789abcdefghij`,
        AUTH_URL: origin,
        // One loopback address signs in many times here; the defaults are tested elsewhere.
        AUTH_RATE_LIMIT: "false",
        AUTH_DEMO_OIDC_ISSUER: op.issuer,
        AUTH_DEMO_OIDC_ID: name,
        AUTH_DEMO_OIDC_SECRET: `${name}-secret`,
      },
      readyText: origin,
    });
    return { origin, app, op, stop: async () => { await app.stop(); await op.close(); } };
  } catch (error) {
    await op.close();
    throw error;
  }
}

/** Options of {@link startExampleApp}. */
export interface ExampleAppOptions {
  /** The app's folder (the process's working directory). */
  cwd: string;
  /** Node's arguments, such as `["--conditions=source", "--import", "tsx", "src/server.ts"]`. */
  args: string[];
  /** The Node binary; default the one running the tests. */
  node?: string;
  /** The whole environment of the process (`PATH` is added). */
  env: Record<string, string>;
  /** The app is ready once it prints this (its address) on standard output. */
  readyText: string;
  /** How long to wait for `readyText`; default 60 s. */
  timeoutMs?: number;
}

/** A running example app, from {@link startExampleApp}. */
export interface ExampleApp {
  /** Everything the process printed so far (standard output and error). */
  output(): string;
  /** Ends the process and waits for it. */
  stop(): Promise<void>;
}

/**
 * Starts an example app as its own Node process and waits until it prints `readyText`.
 *
 * @example
 * ```ts
 * const app = await startExampleApp({ cwd, args: ["src/server.ts"], env: { PORT: "3000" }, readyText: "http://127.0.0.1:3000" })
 * await app.stop()
 * ```
 */
export async function startExampleApp(options: ExampleAppOptions): Promise<ExampleApp> {
  let output = "";
  const child: ChildProcess = spawn(options.node ?? process.execPath, options.args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const app: ExampleApp = {
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the example did not start:\n${output}`)), options.timeoutMs ?? 60_000);
    const ready = () => {
      if (!output.includes(options.readyText)) return;
      clearTimeout(timer);
      child.off("exit", exited);
      resolve();
    };
    const exited = (code: number | null) => (clearTimeout(timer), reject(new Error(`the example exited with ${code}:\n${output}`)));
    child.stdout!.on("data", ready);
    child.on("exit", exited);
  });
  return app;
}

/** Options of {@link exampleScenario}. */
export interface ExampleScenarioOptions {
  /** The app's origin, such as `http://127.0.0.1:3000`. */
  origin: string;
  /** Where the app serves Latch, such as `/auth`. */
  basePath: string;
  /** The user of the credentials provider. */
  credentials: { email: string; password: string; name: string };
  /** The id of the OpenID Connect provider in the app's config. */
  oidcProviderId: string;
  /** The account the OpenID Provider signs in (its `name` is shown, its `email` must not be logged). */
  oidcUser: { name: string; email: string };
  /** What the app printed so far, to check that it logged no address; optional. */
  output?: () => string;
}

/** One step of {@link exampleScenario}: a title and what runs in a fresh browser context. */
export interface ExampleStep {
  readonly name: string;
  run(browser: Browser): Promise<void>;
}

/**
 * What a Node example answers over HTTP before anyone signs in, the same for every framework:
 * `/dashboard` redirects (302) a signed-out visitor to the sign-in page with the way back, and
 * the providers are the walkthrough's (`demo-oidc` in GitHub's place, then `credentials`).
 * Each step throws an `Error` that says what is wrong.
 */
export function exampleHttpSteps(options: { origin: string; basePath: string }): { readonly name: string; run(): Promise<void> }[] {
  const { origin, basePath } = options;
  return [
    {
      name: "the protected route sends a signed-out visitor to the sign-in page with the way back",
      async run() {
        const response = await fetch(`${origin}/dashboard`, { redirect: "manual" });
        const location = response.headers.get("location");
        if (response.status !== 302 || location !== `${basePath}/signin?callbackUrl=%2Fdashboard`) throw new Error(`/dashboard answered ${response.status} to ${location}`);
      },
    },
    {
      name: "the providers are the walkthrough's, with the OpenID Provider in GitHub's place",
      async run() {
        const providers = (await (await fetch(`${origin}${basePath}/providers`)).json()) as Record<string, { callbackUrl: string }>;
        const ids = Object.keys(providers).join();
        if (ids !== "demo-oidc,credentials") throw new Error(`the providers are ${ids}`);
        const callbackUrl = providers["demo-oidc"]!.callbackUrl;
        if (callbackUrl !== `${origin}${basePath}/callback/demo-oidc`) throw new Error(`demo-oidc's callback URL is ${callbackUrl}`);
      },
    },
  ];
}

async function expectText(page: Page, selector: string, text: string): Promise<void> {
  const actual = await page.locator(selector).innerText({ timeout: 10_000 });
  if (actual !== text) throw new Error(`${selector} says ${JSON.stringify(actual)}, expected ${JSON.stringify(text)} (at ${page.url()})`);
}

/**
 * The Chromium scenario every example app passes, as steps for the test runner; each step opens
 * its own browser context and closes it.
 *
 * @example
 * ```ts
 * for (const step of exampleScenario({ origin, basePath: "/auth", credentials, oidcProviderId: "demo-oidc", oidcUser })) {
 *   it(step.name, () => step.run(browser))
 * }
 * ```
 */
export function exampleScenario(options: ExampleScenarioOptions): ExampleStep[] {
  const { origin, basePath, credentials, oidcProviderId, oidcUser } = options;
  const signInPage = `${origin}${basePath}/signin?callbackUrl=%2Fdashboard`;
  const form = (page: Page) => page.locator(`form[action$="${basePath}/callback/credentials"]`);
  const inContext = (run: (page: Page) => Promise<void>) => async (browser: Browser) => {
    const context = await browser.newContext();
    try {
      await run(await context.newPage());
    } finally {
      await context.close();
    }
  };
  return [
    {
      name: "credentials: the protected page, the session in a server-rendered page, then sign-out",
      run: inContext(async (page) => {
        await page.goto(`${origin}/dashboard`);
        await page.waitForURL(signInPage, { timeout: 10_000 });
        await form(page).locator("input[name=email]").fill(credentials.email);
        await form(page).locator("input[name=password]").fill(credentials.password);
        await form(page).locator("button[type=submit]").click();
        await page.waitForURL(`${origin}/dashboard`, { timeout: 10_000 });
        await expectText(page, "#dashboard", `Your dashboard, ${credentials.name}`);
        await page.goto(`${origin}/`);
        await expectText(page, "#hello", `Hello ${credentials.name}`);
        await page.locator("a", { hasText: "Sign out" }).click();
        await page.waitForURL(`${origin}${basePath}/signout`, { timeout: 10_000 });
        await page.locator("form button[type=submit]").click();
        // Sign-out goes back to the callback URL of the sign-in (the dashboard), which now sends to the sign-in page.
        await page.waitForURL(signInPage, { timeout: 10_000 });
        await page.goto(`${origin}/`);
        await expectText(page, "#signin", "Sign in");
      }),
    },
    {
      name: "a wrong password stays on the sign-in page with CredentialsSignin and no session",
      run: inContext(async (page) => {
        await page.goto(signInPage);
        await form(page).locator("input[name=email]").fill(credentials.email);
        await form(page).locator("input[name=password]").fill(`${credentials.password} not`);
        await form(page).locator("button[type=submit]").click();
        await page.waitForURL(new RegExp(`${basePath}/signin\\?.*error=CredentialsSignin`), { timeout: 10_000 });
        await page.goto(`${origin}/`);
        if ((await page.locator("#signin").count()) !== 1) throw new Error("a refused sign-in left a session");
      }),
    },
    {
      name: "the OpenID Provider: its button, its sign-in, back on the protected page",
      run: inContext(async (page) => {
        await page.goto(`${origin}/dashboard`);
        await page.waitForURL(signInPage, { timeout: 10_000 });
        await page.locator(`form[action$="${basePath}/signin/${oidcProviderId}"] button[type=submit]`).click();
        await page.waitForURL(`${origin}/dashboard`, { timeout: 10_000 });
        await expectText(page, "#dashboard", `Your dashboard, ${oidcUser.name}`);
        if (options.output?.().includes(oidcUser.email)) throw new Error("the app logged the user's address");
      }),
    },
  ];
}

/**
 * The titled blocks of a documentation page (```` ```ts title=auth.ts ````) in `languages` (default
 * TypeScript only), as `[title, code]` in their order: the files of a page's quick start.
 *
 * @example
 * ```ts
 * const files = titledBlocks(readFileSync("docs/site/getting-started/hono.md", "utf8"))
 * ```
 */
export function titledBlocks(markdown: string, languages: readonly string[] = ["ts"]): [string, string][] {
  const pattern = new RegExp("```(?:" + languages.join("|") + ") title=(\\S+)\\n([\\s\\S]*?)```", "g");
  return [...markdown.matchAll(pattern)].map((m) => [m[1]!, m[2]!]);
}

/**
 * Writes a quick start's files into `dir`, emptied first: the Express page's `users.ts` (which
 * every getting-started page signs in with), then `files` (`[path, code]`, such as
 * {@link titledBlocks} answers), each under its path.
 */
export function writeQuickStart(root: string, dir: string, files: readonly (readonly [string, string])[]): void {
  const users = titledBlocks(readFileSync(join(root, "docs/site/getting-started/express.md"), "utf8")).filter(([name]) => name === "users.ts");
  rmSync(dir, { recursive: true, force: true });
  for (const [name, code] of [...users, ...files]) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), code);
  }
}

/**
 * Signs in through a running quick start over HTTP, the way the getting-started pages build it:
 * `/` shows "Sign in", then credentials sign-in as ada@example.com ("correct horse", the Express
 * page's `users.ts`), then `/` says "Hello Ada" and `/dashboard` "Your dashboard, Ada". Throws an
 * `Error` that says which step went wrong.
 */
export async function quickStartRound(origin: string, basePath = "/auth"): Promise<void> {
  const { createBrowser } = await import("./browser.js");
  const browser = createBrowser();
  const text = async (path: string) => (await browser.fetch(`${origin}${path}`)).text();
  const expectThat = (what: string, actual: string, test: (s: string) => boolean) => {
    if (!test(actual)) throw new Error(`${what}: got ${JSON.stringify(actual.slice(0, 200))}`);
  };
  expectThat("the home page before sign-in", await text("/"), (s) => s.includes("Sign in"));
  const { csrfToken } = (await (await browser.fetch(`${origin}${basePath}/csrf`)).json()) as { csrfToken: string };
  const signIn = await browser.fetch(`${origin}${basePath}/callback/credentials`, {
    method: "POST",
    // A browser's form post names the page's origin (Astro refuses a form without it).
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ csrfToken, email: "ada@example.com", password: "correct horse", callbackUrl: `${origin}/dashboard` }),
  });
  expectThat("the sign-in's redirect", signIn.headers.get("location") ?? "", (s) => s === `${origin}/dashboard`);
  expectThat("the home page after sign-in", await text("/"), (s) => s === "Hello Ada");
  expectThat("the dashboard after sign-in", await text("/dashboard"), (s) => s === "Your dashboard, Ada");
}

/** Options of {@link startQuickStart}. */
export interface QuickStartOptions {
  /** The repository's root. */
  root: string;
  /** The getting-started page, such as `docs/site/getting-started/hono.md`. */
  page: string;
  /** The titled files the page must hold, in its order; the server is the last one. */
  files: string[];
  /** The folder the files are written to (inside the app, so that its packages resolve). */
  dir: string;
  /** A secret of at least 32 characters for `AUTH_SECRET`. */
  secret: string;
}

/**
 * Writes the titled files of a getting-started page (with the Express page's `users.ts`, which
 * the pages share) into `dir`, starts the last one as the page says, on a free port, and answers
 * the running app and its origin; {@link quickStartRound} then signs in through it.
 */
export async function startQuickStart(options: QuickStartOptions): Promise<{ app: ExampleApp; origin: string }> {
  const read = (page: string) => titledBlocks(readFileSync(join(options.root, page), "utf8"));
  const users = read("docs/site/getting-started/express.md").filter(([name]) => name === "users.ts");
  const files = read(options.page);
  const names = files.map(([name]) => name);
  if (names.join() !== options.files.join()) throw new Error(`${options.page} holds ${names.join(", ")}, not ${options.files.join(", ")}`);
  mkdirSync(options.dir, { recursive: true });
  for (const [name, code] of [...users, ...files]) writeFileSync(join(options.dir, name), code);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const app = await startExampleApp({
    cwd: options.dir,
    args: ["--conditions=source", "--import", "tsx", options.files.at(-1)!],
    env: { NODE_ENV: "development", PORT: String(port), AUTH_SECRET: options.secret, AUTH_GITHUB_ID: "placeholder", AUTH_GITHUB_SECRET: "placeholder" },
    readyText: origin,
  });
  return { app, origin };
}

/**
 * A Node binary of the runtime matrix (`runtimes/package-lock.json`, installed by
 * `npm ci --prefix runtimes`), for an app whose framework needs a newer Node than the one running
 * the tests; `undefined` when it is not installed.
 *
 * @example
 * ```ts
 * const node = runtimeNode(root, "node24")
 * ```
 */
export function runtimeNode(root: string, name: "node22" | "node24"): string | undefined {
  const binary = join(root, "runtimes", "node_modules", name, "bin", "node");
  return existsSync(binary) ? binary : undefined;
}
