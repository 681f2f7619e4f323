// Shared by the provider modules; internal: package.json maps ./providers/internal/* to null.

/**
 * A `token.conform` for providers whose token response leaves out `token_type`, which RFC 6749
 * section 5.1 requires: their tokens are bearer tokens, so `token_type: "bearer"` is added. Other
 * responses (errors, or ones that have a type) are left as they are.
 */
export async function withBearerTokenType(response: Response): Promise<Response | undefined> {
  if (!response.ok) return undefined;
  const body: unknown = await response.clone().json().catch(() => undefined);
  if (!body || typeof body !== "object" || Array.isArray(body) || "token_type" in body) return undefined;
  return Response.json({ ...body, token_type: "bearer" }, { status: response.status, headers: response.headers });
}

/**
 * A `token.conform` for providers that wrap the token response in `{ data: [tokens] }` (Instagram
 * Login): the first entry becomes the response, with `token_type: "bearer"` when it has none.
 */
export async function unwrapTokenData(response: Response): Promise<Response | undefined> {
  if (!response.ok) return undefined;
  const body = (await response.clone().json().catch(() => undefined)) as { data?: unknown } | undefined;
  const first: unknown = Array.isArray(body?.data) ? body.data[0] : undefined;
  if (!first || typeof first !== "object") return withBearerTokenType(response);
  return Response.json({ token_type: "bearer", ...first }, { status: response.status, headers: response.headers });
}
