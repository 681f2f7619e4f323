/**
 * The registry rows `SecondFactors()` carries (PROTOCOL §13). Its GET and POST handlers each serve
 * every second-factor path. The challenge and the emailed-code sign-in check the CSRF token after
 * finding what they answer. Asking for an emailed code sends mail; answering one is a guess.
 */
import type { AnsweringRow } from "../../http/request.js";
import { now, row, type RowExtra, type RowSpec } from "../../registry/spec.js";
import type { LimitClass } from "../../rows/row.js";
import { getSecondFactor, postSecondFactor } from "./routes.js";

const secondFactorClass: LimitClass = { route: "secondFactor" };
const emailCode: LimitClass = { route: "emailCode", account: { in: "body", fields: ["email"] } };

const factor = (spec: RowSpec, extra?: RowExtra): AnsweringRow => row(spec, now(spec.startsWith("GET") ? getSecondFactor : postSecondFactor), extra);

/** The challenge, the emailed-code sign-in, and the management steps (which refuse an impersonated session). */
export const secondFactorRows: readonly AnsweringRow[] = [
  factor("GET page none second-factor"),
  factor("POST page handler second-factor", { startsSession: true, sendsMail: true, limit: (_type, req) => (req.body?.send === undefined ? secondFactorClass : emailCode) }),
  factor("GET page none second-factor/enrol"),
  factor("GET page none second-factor/email-sign-in"),
  factor("POST page handler second-factor/email-sign-in", { startsSession: true, sendsMail: true, limit: (_type, req) => (req.body?.code === undefined ? emailCode : secondFactorClass) }),
  ...["enrol", "confirm", "remove", "backup-codes", "cancel"].map((step) => factor(`POST page token second-factor/${step}` as RowSpec, { limit: secondFactorClass, refusesImpersonation: true })),
];
