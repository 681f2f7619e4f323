// Placeholder: the challenge page and its answer while a sign-in waits come here.
import type { AuthContext } from "../config/context.js";
import { UnknownAction } from "../errors.js";
import type { AuthRequest } from "../http/request.js";
import type { ResponseInternal } from "../types/response.js";

/** `GET <base>/second-factor`: the challenge page while a sign-in waits. */
export async function challengePageAction(_ctx: AuthContext, _req: AuthRequest): Promise<ResponseInternal> {
  throw new UnknownAction("GET second-factor is not served yet.");
}

/** `POST <base>/second-factor`: the answer that completes a waiting sign-in. */
export async function challengeAnswerAction(_ctx: AuthContext, _req: AuthRequest): Promise<ResponseInternal> {
  throw new UnknownAction("POST second-factor is not served yet.");
}
