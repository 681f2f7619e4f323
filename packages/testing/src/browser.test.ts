import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrowser } from "./browser.js";

let server: Server;
/** Two origins served by the same server: the browser must keep them apart. */
let a: string;
let b: string;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => resolve(body));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const body = await readBody(req);
    const to = url.searchParams.get("to") ?? "/echo";
    if (url.pathname === "/login") {
      res.writeHead(302, {
        location: "/echo",
        "set-cookie": ["session=s1; Path=/; HttpOnly", "scoped=p; Path=/echo/deep", "check=c; Max-Age=900"],
      });
      return res.end();
    }
    if (url.pathname === "/logout") {
      res.writeHead(303, { location: to, "set-cookie": "session=; Path=/; Max-Age=0" });
      return res.end();
    }
    if (/^\/r\d{3}$/.test(url.pathname)) {
      res.writeHead(Number(url.pathname.slice(2)), { location: to });
      return res.end();
    }
    if (url.pathname === "/loop") {
      res.writeHead(302, { location: "/loop" });
      return res.end();
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        path: url.pathname,
        method: req.method,
        body,
        cookie: req.headers.cookie ?? null,
        authorization: req.headers.authorization ?? null,
        contentType: req.headers["content-type"] ?? null,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  a = `http://127.0.0.1:${port}`;
  b = `http://localhost:${port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

interface Echo {
  path: string;
  method: string;
  body: string;
  cookie: string | null;
  authorization: string | null;
  contentType: string | null;
}

describe("createBrowser", () => {
  it("stores cookies from a redirect and sends them on, by path", async () => {
    const browser = createBrowser();
    const { response, urls } = await browser.follow(`${a}/login`);
    expect(urls).toEqual([`${a}/login`, `${a}/echo`]);
    expect(((await response.json()) as Echo).cookie).toBe("session=s1; check=c");
    expect(((await (await browser.fetch(`${a}/echo/deep/x`)).json()) as Echo).cookie).toBe("scoped=p; session=s1; check=c");
    expect(browser.cookie(`${a}/`, "session")).toBe("s1");
    expect(browser.cookies(a).map((c) => c.name)).toEqual(["session", "scoped", "check"]);
    expect(browser.cookies(b)).toEqual([]);
  });

  it("deletes a cookie on Max-Age=0 and follows across origins without leaking cookies", async () => {
    const browser = createBrowser();
    await browser.follow(`${a}/login`);
    browser.setCookie(b, "other=o; Path=/");
    const { response, urls } = await browser.follow(`${a}/logout?to=${encodeURIComponent(`${b}/echo`)}`);
    expect(urls).toEqual([`${a}/logout?to=${encodeURIComponent(`${b}/echo`)}`, `${b}/echo`]);
    expect(((await response.json()) as Echo).cookie).toBe("other=o");
    expect(browser.cookie(a, "session")).toBeUndefined();
    expect(browser.cookie(a, "check")).toBe("c");
  });

  it("turns a POST into a GET on 302 and 303, and keeps it on 307", async () => {
    const browser = createBrowser();
    const post = { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "x=1" };
    for (const status of [302, 303]) {
      const echo = (await (await browser.follow(`${a}/r${status}`, post)).response.json()) as Echo;
      expect(echo).toMatchObject({ method: "GET", body: "", contentType: null });
    }
    const kept = (await (await browser.follow(`${a}/r307`, post)).response.json()) as Echo;
    expect(kept).toMatchObject({ method: "POST", body: "x=1", contentType: "application/x-www-form-urlencoded" });
  });

  it("drops Authorization when leaving the origin", async () => {
    const browser = createBrowser();
    const init = { headers: { authorization: "Bearer t" } };
    expect(((await (await browser.follow(`${a}/r302`, init)).response.json()) as Echo).authorization).toBe("Bearer t");
    const cross = await browser.follow(`${a}/r302?to=${encodeURIComponent(`${b}/echo`)}`, init);
    expect(((await cross.response.json()) as Echo).authorization).toBeNull();
  });

  it("stops before a URL chosen by stopAt, or a non-HTTP scheme, and gives up on loops", async () => {
    const browser = createBrowser();
    const stopped = await browser.follow(`${a}/r302?to=${encodeURIComponent("http://127.0.0.1:1/cb?code=x")}`, undefined, {
      stopAt: (url) => url.port === "1",
    });
    expect(stopped.response.status).toBe(302);
    expect(stopped.url.searchParams.get("code")).toBe("x");
    const app = await browser.follow(`${a}/r302?to=${encodeURIComponent("com.example.app:/cb")}`);
    expect(app.url.protocol).toBe("com.example.app:");
    await expect(browser.follow(`${a}/loop`, undefined, { maxRedirects: 3 })).rejects.toThrow(/more than 3 redirects/);
  });

  it("never follows redirects in fetch", async () => {
    const response = await createBrowser().fetch(`${a}/login`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/echo");
  });
});
