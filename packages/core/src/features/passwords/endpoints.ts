// The endpoints `Password()` carries, keyed as the router asks for them. Loaded when one is first
// asked for, so an app signs people in with passwords without loading sign-up or reset code.
import type { AuthContext } from "../../config/context.js";
import type { AuthRequest } from "../../http/request.js";
import type { ResponseInternal } from "../../types/response.js";
import { change, changePage } from "./change.js";
import { cancelEmailChange, confirmEmailChange, emailChangePage, requestEmailChange } from "./email-change.js";
import { forgot, forgotPage, reset, resetPage } from "./reset.js";
import { signUp, signUpPage, verifyEmail } from "./sign-up.js";

type Handler = (ctx: AuthContext, req: AuthRequest) => Promise<ResponseInternal>;

/** `"METHOD action[/segment]"` → handler (the wire of the password pages). */
export const passwordEndpoints: Readonly<Record<string, Handler>> = {
  "GET signup": signUpPage,
  "POST signup": signUp,
  "GET verify-email": verifyEmail,
  "GET password/forgot": forgotPage,
  "POST password/forgot": forgot,
  "GET password/reset": resetPage,
  "POST password/reset": reset,
  "GET password/change": changePage,
  "POST password/change": change,
  "GET email/change": emailChangePage,
  "POST email/change": requestEmailChange,
  "GET email/change/confirm": confirmEmailChange,
  "GET email/change/cancel": cancelEmailChange,
};
