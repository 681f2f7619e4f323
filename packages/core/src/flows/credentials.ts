import { CallbackRouteError, CredentialsSignin } from "../errors.js";
import type { InternalProvider } from "../config/providers.js";
import type { CredentialsConfig } from "../types/providers.js";
import type { VerifiedSignIn } from "../signin/complete.js";
import type { Flow, FlowInput } from "./types.js";

type CredentialsProvider = InternalProvider<CredentialsConfig>;

/**
 * Credentials: `authorize` checks the submitted fields. `null` or `CredentialsSignin` refuses
 * with a code that says nothing of which field was wrong; any other throw is a server fault.
 */
async function complete({ req, provider, callbackUrl }: FlowInput<CredentialsProvider>): Promise<VerifiedSignIn> {
  const { csrfToken: _csrf, ...fields } = req.body ?? {};
  let user;
  try {
    user = await provider.authorize(fields, req.request);
  } catch (error) {
    if (error instanceof CredentialsSignin) throw error;
    throw new CallbackRouteError("The credentials provider's authorize threw.", { cause: { err: error as Error, provider: provider.id } });
  }
  if (!user) throw new CredentialsSignin("authorize returned no user.");
  const id = user.id === undefined || user.id === null ? crypto.randomUUID() : String(user.id);
  const signedIn = { ...user, id };
  return {
    provider,
    user: signedIn,
    account: { providerAccountId: id, type: "credentials", provider: provider.id },
    credentials: fields as VerifiedSignIn["credentials"],
    authorized: user,
    callbackUrl,
  };
}

/** The credentials flow: only a callback, POSTed with the CSRF token. */
export const credentialsFlow: Flow = { complete, callbackNeedsCsrf: true };
