/** What the MCP example's suites share: the assistant's redirect URL and a person's browser. */
import { CookieJar } from "@latch/testing";

/** Where the assistant (the MCP client) is sent back to; nothing listens there, the suites read the URL. */
export const redirectUrl = "http://127.0.0.1:9/assistant/callback";

/** A person's browser: a cookie jar, redirects followed by hand. */
export function browser() {
  const jar = new CookieJar();
  const go = async (url: string | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const cookie = jar.header(url);
    if (cookie) headers.set("cookie", cookie);
    if (init.method === "POST") headers.set("origin", new URL(url).origin);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    jar.storeResponse(url, response);
    return response;
  };
  const post = (url: string | URL, fields: Record<string, string>) =>
    go(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
  const follow = async (start: string | URL): Promise<{ url: URL; response?: Response }> => {
    let url = new URL(start);
    for (let hop = 0; hop < 20; hop++) {
      if (url.href.startsWith(redirectUrl)) return { url };
      const response = await go(url);
      const location = response.headers.get("location");
      if (!location || response.status < 300 || response.status >= 400) return { url, response };
      url = new URL(location, url);
    }
    throw new Error("too many redirects");
  };
  return { go, post, follow };
}
