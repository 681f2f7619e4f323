/**
 * The second-factor code an app loads when it first needs it: the shared verification API, the
 * enrolment endpoints and the management page.
 */
export { listFactors, verifySecondFactor, verifyEmailCode, emailOffered, type ListedFactor, type VerifyResult, type EmailCodePurpose } from "./factors.js";
export { sendEmailCode } from "./email-code.js";
export { enrolmentActions, managePageAction } from "./enrolment.js";
