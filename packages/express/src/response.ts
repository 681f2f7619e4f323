import type { Response as ExpressResponse } from "express";

/** Writes a web `Response` to Express: status, every header (each `Set-Cookie` on its own), body. */
export async function sendWebResponse(response: Response, res: ExpressResponse): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name.toLowerCase() !== "set-cookie") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  res.end(body);
}
