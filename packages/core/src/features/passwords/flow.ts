// The password flow: a credentials callback (POSTed with the CSRF token) that checks the stored
// Argon2id hash. Loaded the first time someone signs in with a password.
import type { Flow } from "../../flows/types.js";
import { passwordSignIn } from "./sign-in.js";

/** The flow `Password()` carries (as a loader). */
export const passwordFlow: Flow = { complete: passwordSignIn, callbackNeedsCsrf: true };
