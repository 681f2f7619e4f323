/**
 * The Next.js page of the documentation (docs/site/getting-started/nextjs.md) in a project made by `create-next-app` 16 with its defaults
 * (`cacheComponents` on): the page's files and the Express page's `users.ts`, copied out of
 * the page, the packed tarballs installed as it says, `next build`, `next start`, and a
 * sign-in through the built-in page in Chromium, a wrong password first.
 */
import { launchChromium, chromiumAvailable } from "@latch/testing";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { filesOf, freePort, newProject, npm, packLatch, removeProject, page, signInTwice, start, writeFiles } from "./project.js";

let project: string | undefined;
afterAll(() => removeProject(project), 300_000);

describe.runIf(await chromiumAvailable())("a create-next-app project with the Next.js page's files", () => {
  test("builds with cacheComponents, starts, and signs in through the built-in page", async () => {
    const files = filesOf(page("getting-started/nextjs.md"));
    expect(files.map(([name]) => name)).toEqual(["auth.ts", "app/api/auth/[...nextauth]/route.ts", "proxy.ts", "app/dashboard/page.tsx"]);
    const users = filesOf(page("getting-started/express.md")).filter(([name]) => name === "users.ts");
    expect(users).toHaveLength(1);

    project = await newProject("next-app");
    // The page installs @latch/core and @latch/next; @latch/next's own dependency @latch/react,
    // which the registry would bring along, is installed from its tarball beside them.
    const packs = await packLatch(join(project, "..", "packs"), ["core", "react", "next"]);
    await npm(project, "install", packs["@latch/core"]!, packs["@latch/react"]!, packs["@latch/next"]!);
    writeFiles(project, [...users, ...files]);

    await npm(project, "run", "build");
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = { AUTH_SECRET: "starter-next-secret-0123456789abcdefghij", AUTH_URL: origin, AUTH_GITHUB_ID: "placeholder", AUTH_GITHUB_SECRET: "placeholder" };
    const server = await start(project, "npx", ["next", "start", "-H", "127.0.0.1", "-p", String(port)], env, `${origin}/`);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await signInTwice(page, { protectedUrl: `${origin}/dashboard`, signInPath: "/api/auth/signin", greeting: "Hello Ada" });
      expect(server.output()).not.toMatch(/\n\s+at /);
    } finally {
      await browser.close();
      await server.stop();
    }
  }, 900_000);
});
