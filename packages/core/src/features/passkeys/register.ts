import type { RegistrationResponseJSON, VerifiedRegistrationResponse } from "@simplewebauthn/server";
import type { Adapter, AdapterAuthenticator } from "../../adapter.js";
import { WebAuthnVerificationError } from "../../errors.js";
import type { VerifiedSignIn } from "../../signin/complete.js";
import type { Cookie } from "../../types/cookies.js";
import type { FlowInput } from "../../flows/types.js";
import { webauthnLibrary } from "./library.js";
import type { ChallengePayload } from "./challenge.js";
import { bytesToBase64, storedCredentialId, transportsToString } from "./encoding.js";
import { relyingPartyOf } from "./relying-party.js";
import { credentialOf } from "./response.js";
import type { WebAuthnProvider } from "./types.js";
import { storeNewAuthenticator } from "../../signin/link-authenticator.js";

function refuse(message: string, cause?: unknown): never {
  throw new WebAuthnVerificationError(message, { cause: { check: "registration", ...(cause instanceof Error ? { err: cause } : {}) } });
}

/**
 * Verifies a registration (WebAuthn L2 §7.1) and hands over the user, the `webauthn` account
 * (providerAccountId = the credential id) and the authenticator to store together.
 */
export async function verifyRegistration(
  { ctx, req, provider, callbackUrl }: FlowInput<WebAuthnProvider>,
  challenge: ChallengePayload,
  spentChallenge: Cookie,
): Promise<VerifiedSignIn> {
  const { registerData } = challenge;
  // §7.1 step 8 starts from the options of this ceremony: a registration needs a registration challenge.
  if (!registerData) refuse("The challenge was issued for an authentication, not a registration.");
  const response = credentialOf<RegistrationResponseJSON>(req);
  const rp = relyingPartyOf(provider, ctx.origin);
  const wanted = provider.registrationOptions?.authenticatorSelection?.userVerification;

  let verification: VerifiedRegistrationResponse;
  try {
    // §7.1 steps 5–19 (client data type, challenge, origin, RP id hash, UP/UV flags, algorithm,
    // attestation statement) are run by SimpleWebAuthn, with our expected values.
    verification = await (await webauthnLibrary()).verifyRegistrationResponse({
      requireUserVerification: wanted === "required",
      ...provider.verifyRegistrationOptions,
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
    });
  } catch (error) {
    refuse(`The registration response did not verify: ${(error as Error).message}`, error);
  }
  if (!verification.verified) refuse("The registration's attestation could not be verified.");
  const info = verification.registrationInfo;

  const credentialID = storedCredentialId(info.credential.id);
  // §7.1 step 22: a credential id that is already registered is refused (this also turns a
  // replayed registration into a failure instead of a sign-in).
  const adapter = ctx.adapter as Required<Adapter>;
  if (await adapter.getAuthenticator(credentialID)) refuse("This credential is already registered.");

  const authenticator: Omit<AdapterAuthenticator, "userId"> = {
    credentialID,
    credentialPublicKey: bytesToBase64(info.credential.publicKey),
    counter: info.credential.counter,
    credentialBackedUp: info.credentialBackedUp,
    credentialDeviceType: info.credentialDeviceType,
    providerAccountId: credentialID,
    transports: transportsToString(response.response.transports),
  };
  return {
    provider,
    user: { id: registerData.id, email: registerData.email, name: registerData.name ?? null },
    account: { provider: provider.id, type: "webauthn", providerAccountId: credentialID },
    registration: { authenticator, userId: registerData.id, existingUser: registerData.existing, store: storeNewAuthenticator },
    // RFC 8176: a synced passkey is a software-secured key, a device-bound one hardware-secured.
    methods: [info.credentialDeviceType === "multiDevice" ? "swk" : "hwk", ...(info.userVerified ? (["user"] as const) : [])],
    callbackUrl,
    cookies: [spentChallenge],
  };
}
