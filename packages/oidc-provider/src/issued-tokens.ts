/**
 * The record of every JWT access token the provider issues, so that revoking it means something.
 * oidc-provider signs a JWT access token and keeps nothing of it, and its revocation (RFC 7009)
 * and introspection (RFC 7662) endpoints refuse structured tokens. Here each one is recorded in
 * the provider's storage as it is signed (under its `jti`, with its grant, for its lifetime), in
 * the `AccessToken` model with `format: "jwt"` (which oidc-provider never takes as an opaque
 * token); revoking it (RFC 7009), or its grant (the grants page, a reused refresh token or code, a
 * revoked refresh token), deletes the record; the two endpoints answer for JWTs from it, and a
 * protected resource asks it. Not an entry point.
 */
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from "jose";
import type Provider from "oidc-provider";
import { errors, type AdapterPayload, type KoaContextWithOIDC } from "oidc-provider";
import type { AdapterFactory } from "./state.js";

/** The model the records are kept in: the one oidc-provider and the grants page revoke by grant. */
const recordModel = "AccessToken";

/** Writes the record of a JWT access token as it is signed: oidc-provider's `formats.customizers.jwt`. */
export function recordIssued(storage: AdapterFactory) {
  const records = new storage(recordModel);
  return async (_ctx: KoaContextWithOIDC, token: { readonly kind: string; readonly grantId?: string; readonly accountId?: string; readonly clientId?: string; readonly sessionUid?: string }, jwt: { payload: Record<string, unknown> }): Promise<void> => {
    const { jti, exp, iat, aud, scope } = jwt.payload as { jti?: string; exp?: number; iat?: number; aud?: unknown; scope?: string };
    if (typeof jti !== "string" || typeof exp !== "number") return;
    const payload: AdapterPayload = {
      jti,
      kind: recordModel,
      format: "jwt",
      iat,
      exp,
      clientId: token.clientId,
      ...(token.grantId && { grantId: token.grantId }),
      ...(token.accountId && { accountId: token.accountId }),
      ...(scope && { scope }),
      ...(typeof aud === "string" && { aud }),
    } as AdapterPayload;
    await records.upsert(jti, payload, Math.max(1, exp - Math.floor(Date.now() / 1000)));
  };
}

/** Whether the JWT access token `jti` is still recorded (neither revoked, nor its grant, nor expired). */
export async function isRecorded(storage: AdapterFactory, jti: string): Promise<boolean> {
  const record = await new storage(recordModel).find(jti);
  return record?.format === "jwt";
}

/** The public members of the provider's keys, for checking its own tokens. */
function publicKeys(keys: readonly object[]): JSONWebKeySet {
  const secret = new Set(["d", "p", "q", "dp", "dq", "qi", "k"]);
  return { keys: keys.map((key) => Object.fromEntries(Object.entries(key).filter(([name]) => !secret.has(name)))) } as JSONWebKeySet;
}

/** The claims of a JWT access token this provider signed, expired or not; `undefined` for anything else. */
async function ownToken(token: string, issuer: string, keys: readonly object[]): Promise<JWTPayload | undefined> {
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(publicKeys(keys)), { issuer, typ: "at+jwt", currentDate: new Date(0) });
    return typeof payload.jti === "string" ? payload : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The provider's middleware that answers the revocation and introspection of a JWT access token
 * where oidc-provider refused it as structured (`unsupported_token_type`): the client is already
 * authenticated by then. Revocation follows oidc-provider's own rules (200 for a token that is not
 * one; a confidential client revoking another client's token is refused, a public one is ignored)
 * and deletes the record (not the grant, as for an opaque access token); introspection says
 * `active` while the record and its grant live, to a public client only for its own tokens.
 */
export function jwtRevocationAndIntrospection(provider: Provider, storage: AdapterFactory, issuer: string, keys: readonly object[]) {
  const refusedAsStructured = new WeakSet<object>();
  const mark = (ctx: KoaContextWithOIDC, error: unknown) => {
    if (error instanceof errors.UnsupportedTokenType) refusedAsStructured.add(ctx);
  };
  provider.on("revocation.error", mark);
  provider.on("introspection.error", mark);

  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    if (!refusedAsStructured.has(ctx)) return;
    const client = ctx.oidc?.client;
    const token = ctx.oidc?.params?.token;
    if (!client || typeof token !== "string") return;
    const claims = await ownToken(token, issuer, keys);
    const ownClient = claims?.client_id === client.clientId;
    ctx.set("Cache-Control", "no-store");
    if (ctx.oidc.route === "revocation") {
      if (claims && !ownClient && client.clientAuthMethod !== "none") {
        ctx.status = 400;
        ctx.body = { error: "invalid_request", error_description: "client is not authorized to revoke the presented token" };
        return;
      }
      if (claims && ownClient) await new storage(recordModel).destroy(claims.jti!);
      ctx.status = 200;
      ctx.body = "";
      return;
    }
    ctx.status = 200;
    ctx.body = { active: false };
    if (!claims || (!ownClient && client.clientAuthMethod === "none")) return;
    if (typeof claims.exp !== "number" || claims.exp <= Math.floor(Date.now() / 1000)) return;
    const record = await new storage(recordModel).find(claims.jti!);
    if (record?.format !== "jwt") return;
    if (typeof record.grantId === "string" && !(await provider.Grant.find(record.grantId))) return;
    const { jti, sub, client_id, scope, aud, iat, exp } = claims;
    ctx.body = { active: true, jti, sub, client_id, scope, aud, iat, exp, iss: issuer, token_type: "Bearer" };
  };
}
