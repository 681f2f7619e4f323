/**
 * The API-key curl lines of the README and the home page, run as written (bash, curl, sed, cut)
 * against the demo as `npm start` starts it, on PGlite and on SQLite through @latch/prisma: a
 * client without cookies signs in, makes a key, reads its session with the key alone, lists the
 * keys, revokes the key, and the key is refused afterwards; the key never reaches the demo's output.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { apiKeyCurlLines } from "../src/try-tokens.js";
import { runLines } from "./curl-lines.js";
import { freePort, startDemo, type StartedDemo } from "./start-helpers.js";

test("the README shows the lines the home page shows, for the default address; the API-key guide shows some of them", () => {
  const lines = apiKeyCurlLines("http://localhost:3000");
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  expect(readme).toContain(["```sh", ...lines, "```"].join("\n"));
  const guide = readFileSync(new URL("../../../docs/site/guides/api-keys.md", import.meta.url), "utf8");
  const shown = guide.split("\n").filter((line) => /^(TOKEN|KEY|ID)=\$\(/.test(line) || line.startsWith("curl -s http://localhost:3000") || line.startsWith("curl -s -X POST http://localhost:3000"));
  expect(shown.length).toBeGreaterThan(4);
  for (const line of shown) expect(lines).toContain(line);
});

describe.each([
  { store: "PGlite (npm start)", env: { LATCH_DEMO_DATABASE: "pglite" } },
  { store: "SQLite through @latch/prisma (LATCH_DEMO_DATABASE=prisma)", env: { LATCH_DEMO_DATABASE: "prisma" } },
])("the curl lines of API keys, against npm start on $store", { timeout: 180_000 }, ({ env }) => {
  let demo: StartedDemo;
  let origin: string;

  beforeAll(async () => {
    demo = startDemo({ port: await freePort(), oidcPort: await freePort(), env });
    origin = await demo.ready;
  }, 180_000);
  afterAll(async () => {
    await demo?.stop();
  });

  test("the home page shows them with its own address", async () => {
    const home = await (await fetch(`${origin}/`)).text();
    expect(home).toContain(`${origin}/auth/api-keys/create -H &#34;Authorization: Bearer $TOKEN&#34;`);
  });

  test("run in order: a key made with a session reads the owner's session alone, is listed without its secret, and is refused once revoked", async () => {
    const variables: Record<string, string> = {};
    const [session, listed, revoked, after] = await runLines(apiKeyCurlLines(origin), variables);
    const key = variables.KEY!;
    expect(key).toMatch(/^latch_[0-9a-f]{16}_[\w-]{43}$/);
    const [, id, secret] = key.split("_");
    expect(variables.ID).toBe(id);

    expect(JSON.parse(session!)).toMatchObject({ user: { id: "demo-user" }, apiKey: { id, name: "curl", owner: { type: "user", id: "demo-user" }, scopes: ["orders:read"] } });
    const { keys } = JSON.parse(listed!) as { keys: { id: string; name: string }[] };
    expect(keys.map((entry) => [entry.id, entry.name])).toContainEqual([id, "curl"]);
    expect(listed).not.toContain(secret);

    expect(JSON.parse(revoked!)).toEqual({ revoked: true });
    expect(JSON.parse(after!)).toMatchObject({ error: "InvalidApiKey" });
    expect(demo.output()).not.toContain(secret);
  });
});
