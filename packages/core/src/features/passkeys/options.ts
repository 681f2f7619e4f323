import type { AuthenticatorTransportFuture } from "@simplewebauthn/server";
import type { Adapter, AdapterUser } from "../../adapter.js";
import { signedOutPasskeysAllowed } from "../../config/adapter-guard.js";
import { randomUUID } from "../../crypto/index.js";
import { InvalidRequest } from "../../errors.js";
import { noStore } from "../../http/respond.js";
import { sessionStrategy } from "../../session/index.js";
import type { ResponseInternal } from "../../types/response.js";
import type { FlowInput } from "../../flows/types.js";
import { webauthnLibrary } from "./library.js";
import { challengeCookie, type RegisterData } from "./challenge.js";
import { browserCredentialId, stringToTransports } from "./encoding.js";
import { relyingPartyOf } from "./relying-party.js";
import type { WebAuthnProvider } from "./types.js";
import { decideAction, defaultGetUserInfo, type WebAuthnAction } from "./user-info.js";

async function credentialsOf(adapter: Required<Adapter>, userId: string | undefined) {
  if (!userId) return undefined;
  const authenticators = await adapter.listAuthenticatorsByUserId(userId);
  return authenticators.map((a) => ({
    id: browserCredentialId(a.credentialID),
    transports: stringToTransports<AuthenticatorTransportFuture>(a.transports),
  }));
}

function parseAction(value: string | undefined): WebAuthnAction | undefined {
  if (value === undefined || value === "register" || value === "authenticate") return value;
  throw new InvalidRequest(`The action "${value}" is not one of "register" and "authenticate".`);
}

/**
 * `GET /webauthn-options/<id>`: decides between registration and authentication, builds the
 * options the browser needs, and seals their challenge (and, for a registration, who it is for)
 * in the challenge cookie.
 */
export async function webauthnOptions({ ctx, req, provider }: FlowInput<WebAuthnProvider>): Promise<ResponseInternal> {
  const requested = parseAction(req.query.action);
  const adapter = ctx.adapter as Required<Adapter>;
  const current = await sessionStrategy(ctx).current(ctx, req);
  const signedInUser = current ? await adapter.getUser(current.id) : null;
  const getUserInfo = provider.getUserInfo ?? defaultGetUserInfo;
  const info = signedInUser
    ? { user: signedInUser, exists: true }
    : await getUserInfo({ fields: req.query, getUserByEmail: async (email) => adapter.getUserByEmail(email), request: req.request });
  const action = decideAction(requested, !!signedInUser, info);
  const rp = relyingPartyOf(provider, ctx.origin);

  if (action === "authenticate") {
    const known = info?.exists ? (info.user as AdapterUser).id : undefined;
    const options = await (await webauthnLibrary()).generateAuthenticationOptions({
      ...provider.authenticationOptions,
      rpID: rp.id,
      allowCredentials: await credentialsOf(adapter, known),
    });
    const cookie = await challengeCookie(ctx, { challenge: options.challenge, provider: provider.id });
    return { status: 200, headers: noStore, body: { action, options }, cookies: [cookie] };
  }
  if (action === "register" && !signedInUser && !signedOutPasskeysAllowed(ctx.adapter)) {
    // PROTOCOL §6: a passkey registered under an unproven address must be removable once the
    // address is proven; without deleteAuthenticator only a signed-in user may add one.
    throw new InvalidRequest("Sign in first to add a passkey: this site's adapter cannot remove passkeys (no deleteAuthenticator), so it accepts new ones only from signed-in users.");
  }
  if (action === "register" && info && typeof info.user.email === "string" && info.user.email) {
    const registerData: RegisterData = {
      // A new user gets its id now: it is the credential's user handle, and the id createUser receives.
      id: info.exists && info.user.id ? info.user.id : randomUUID(),
      email: info.user.email,
      name: info.user.name ?? null,
      existing: info.exists,
    };
    const options = await (await webauthnLibrary()).generateRegistrationOptions({
      ...provider.registrationOptions,
      rpID: rp.id,
      rpName: rp.name,
      userID: new TextEncoder().encode(registerData.id),
      userName: registerData.email,
      userDisplayName: registerData.name ?? registerData.email,
      excludeCredentials: await credentialsOf(adapter, info.exists ? registerData.id : undefined),
    });
    const cookie = await challengeCookie(ctx, { challenge: options.challenge, registerData, provider: provider.id });
    return { status: 200, headers: noStore, body: { action, options }, cookies: [cookie] };
  }
  throw new InvalidRequest(
    signedInUser
      ? "A signed-in user must ask for action=register (another passkey) or action=authenticate."
      : "Registration needs the email address of a user that does not exist yet.",
  );
}
