/**
 * The SvelteKit page of the documentation (docs/site/getting-started/sveltekit.md) in a project made by `sv create` (SvelteKit 2, its defaults):
 * the page's files and the Express page's `users.ts` (at `src/lib/server/users.ts`), copied
 * out of the page, the packed tarballs installed as it says, `vite build`,
 * `vite preview`, and a sign-in through the built-in page in Chromium, a wrong password first.
 * The `signIn` form action, given a wrong password, answers as the page flow does.
 */
import { launchChromium, chromiumAvailable } from "@latch/testing";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { filesOf, freePort, newProject, npm, packLatch, removeProject, page, signInTwice, start, writeFiles } from "./project.js";

let project: string | undefined;
afterAll(() => removeProject(project), 300_000);

/** The sign-in page of the section's own text: `<SignIn/>` posting to the `signIn` action. */
const signInPage = `<script lang="ts">
  import { SignIn } from "@latch/sveltekit/components"
</script>
<SignIn provider="credentials" />
`;
const signInAction = `import { signIn } from "../../auth"
export const actions = { default: signIn }
`;

describe.runIf(await chromiumAvailable())("an sv create project with the SvelteKit page's files", () => {
  test("builds, starts, signs in through the built-in page, and the signIn action refuses a wrong password with a redirect", async () => {
    const text = page("getting-started/sveltekit.md");
    const files = filesOf(text);
    expect(files.map(([name]) => name)).toEqual([
      "src/auth.ts",
      "src/hooks.server.ts",
      "src/routes/dashboard/+page.server.ts",
      "src/routes/dashboard/+page.svelte",
      "src/routes/signout/+page.server.ts",
    ]);
    // The section says so in words: a sign-in page of one's own uses the `signIn` action.
    expect(text).toContain("export const actions = { default: signIn }");
    const users = filesOf(page("getting-started/express.md")).filter(([name]) => name === "users.ts");
    expect(users).toHaveLength(1);

    project = await newProject("sveltekit-app");
    const packs = await packLatch(join(project, "..", "packs"), ["core", "sveltekit"]);
    await npm(project, "install", packs["@latch/core"]!, packs["@latch/sveltekit"]!);
    writeFiles(project, [
      ["src/lib/server/users.ts", users[0]![1]],
      ...files,
      ["src/routes/signin/+page.svelte", signInPage],
      ["src/routes/signin/+page.server.ts", signInAction],
    ]);

    await npm(project, "run", "build");
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = { AUTH_SECRET: "starter-sveltekit-secret-0123456789abcdefgh", AUTH_URL: origin };
    const server = await start(project, "npx", ["vite", "preview", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], env, `${origin}/`);
    const browser = await launchChromium();
    try {
      // A wrong password posted to the signIn action: the sign-in page with the error, not a 500.
      const refused = await fetch(`${origin}/signin`, {
        method: "POST",
        redirect: "manual",
        headers: { origin, "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
        body: new URLSearchParams({ providerId: "credentials", email: "ada@example.com", password: "wrong horse" }),
      });
      expect(refused.status).toBe(303);
      const location = new URL(refused.headers.get("location")!, origin);
      expect(location.pathname).toBe("/auth/signin");
      expect(Object.fromEntries(location.searchParams)).toMatchObject({ error: "CredentialsSignin", code: "credentials" });

      const page = await browser.newPage();
      await signInTwice(page, { protectedUrl: `${origin}/dashboard`, signInPath: "/auth/signin", greeting: "Hello Ada" });
      expect(server.output()).not.toMatch(/\n\s+at /);
    } finally {
      await browser.close();
      await server.stop();
    }
  }, 900_000);
});
