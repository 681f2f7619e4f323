/**
 * `POST <base>/second-factor/enrol`, `/confirm`, `/remove` and `/backup-codes` (PROTOCOL §13):
 * the signed-in user sets up an authenticator app, gets backup codes, and removes factors. Every
 * one is CSRF-checked; a script gets JSON, a form the management page. `GET
 * <base>/second-factor/enrol` serves that page. Their refusals are answered here, in
 * {@link refusalResponse}.
 */
import type { AdapterSecondFactor, AdapterUser } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import type { LanguageContext, SecondFactorContext } from "../../config/slices.js";
import { randomUUID } from "../../crypto/index.js";
import { InvalidRequest } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore } from "../../http/respond.js";
import { signInPageUrl } from "../../http/urls.js";
import type { ResponseInternal } from "../../types/response.js";
import type { FactorKind } from "../../types/second-factor-options.js";
import { backupCodeCount, codeHash, newBackupCode } from "./codes.js";
import { signedInUser } from "./current-user.js";
import {
  NotSignedIn, SecondFactorAttempts, SecondFactorEnrolled, SecondFactorFreshProof, SecondFactorInvalid, SecondFactorKind,
  SecondFactorNotEnrolled, SecondFactorRefusal,
} from "./errors.js";
import { listFactors, spentBackupKind, verifySecondFactor } from "./factors.js";
import { freshSecondFactor } from "./freshness.js";
import { renderManagePage, type ManageNotice, type PendingEnrolment } from "./manage-page.js";
import { qrSvg } from "./qr.js";
import { rowsOf, settingsOf, storeOf } from "./storage.js";
import { countedAnswer } from "./wrong-answers.js";
import { matchingStep, newTotpSecret, openTotpSecret, sealTotpSecret, secretText, totpUri } from "./totp.js";

/** How long an enrolment may wait for its first code. */
const enrolmentLifetime = 15 * 60 * 1000;

/**
 * A script (JSON body or `X-Auth-Return-Redirect`, or no HTML accepted) gets JSON; a form the page
 * (signed out: the sign-in page, coming back to the management page).
 */
function wantsJson(req: AuthRequest): boolean {
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  return req.jsonMode || type.includes("application/json") || !(req.headers.get("accept") ?? "").includes("text/html");
}

/** A string field of the body, at most `max` characters; `undefined` when absent. */
function field(req: AuthRequest, name: string, max = 100): string | undefined {
  const value = req.body?.[name];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string" || value.length > max) throw new InvalidRequest(`${name} must be a string of at most ${max} characters.`);
  return value;
}

function kindField(req: AuthRequest): FactorKind {
  const kind = field(req, "kind");
  if (kind !== "totp" && kind !== "backup" && kind !== "email") throw new InvalidRequest('kind must be "totp", "backup" or "email".');
  return kind;
}

/**
 * Checks a code given as a fresh proof, in the user's count of wrong codes (`wrong-answers.ts`):
 * past its cap the code is refused unchecked, so a stolen session cannot guess codes here.
 */
async function codeProof(ctx: SecondFactorContext & LanguageContext & Pick<AuthContext, "baseUrl" | "origin" | "secrets" | "logger" | "rateLimit">, user: AdapterUser, code: string): Promise<"right" | "wrong" | "locked"> {
  return countedAnswer(ctx, user, new Request(ctx.baseUrl), async () => (await verifySecondFactor(ctx, user, { code })).ok);
}

/**
 * Whether the user proved presence now: a right code of one of their factors (which it spends),
 * or a second factor the session recorded within the last minutes (see `freshness.ts`).
 */
export async function freshProof(ctx: AuthContext, req: AuthRequest, code: string | undefined, user: AdapterUser): Promise<boolean> {
  if (code) {
    const outcome = await codeProof(ctx, user, code);
    if (outcome === "locked") throw new SecondFactorAttempts("Too many wrong codes for this user; none is checked until the window ends.");
    return outcome === "right";
  }
  return freshSecondFactor(ctx, req, user.id);
}

/** Ten new backup codes in place of the old ones; returns them as shown to the user (once). */
async function issueBackupCodes(ctx: Pick<AuthContext, "adapter">, user: AdapterUser): Promise<string[]> {
  const codes = Array.from({ length: backupCodeCount }, newBackupCode);
  const now = new Date();
  const rows: AdapterSecondFactor[] = await Promise.all(
    codes.map(async (code) => ({
      id: randomUUID(), userId: user.id, kind: "backup", secret: await codeHash(code),
      lastUsedStep: null, attempts: 0, confirmedAt: now, expires: null, createdAt: now,
    })),
  );
  await storeOf(ctx).replaceSecondFactors(user.id, "backup", rows);
  await storeOf(ctx).replaceSecondFactors(user.id, spentBackupKind, []);
  return codes;
}

/** The issuer an authenticator app shows: the option's, or the site's host. */
function issuerOf(ctx: Pick<AuthContext, "origin" | "secondFactor">): string {
  return settingsOf(ctx).issuer ?? new URL(ctx.origin).hostname;
}

/** What the page and a script get to add an app: the key as text, its otpauth URI and its QR code. */
function enrolmentOf(ctx: Pick<AuthContext, "origin" | "secondFactor">, user: AdapterUser, id: string, secret: Uint8Array): PendingEnrolment {
  const uri = totpUri(issuerOf(ctx), user.email || user.id, secret);
  return { id, secret: secretText(secret), uri, qr: qrSvg(uri) };
}

/** An enrolment of `user`'s that waits for its first code (made within the lifetime), as shown when it began. */
export async function pendingEnrolment(ctx: Pick<AuthContext, "origin" | "secrets" | "adapter" | "secondFactor">, user: AdapterUser): Promise<PendingEnrolment | undefined> {
  const rows = await rowsOf(storeOf(ctx), user.id, "totp");
  const pending = rows.find((row) => !row.confirmedAt && new Date(row.createdAt).valueOf() > Date.now() - enrolmentLifetime);
  const secret = pending ? await openTotpSecret(pending.secret, pending, ctx.secrets) : null;
  return pending && secret ? enrolmentOf(ctx, user, pending.id, secret) : undefined;
}

type Step = (ctx: AuthContext, req: AuthRequest, user: AdapterUser, sessionToken: string | undefined) => Promise<{ json: Record<string, unknown>; notice: ManageNotice }>;

/**
 * Enrolment of an authenticator app: a new secret, stored sealed and unconfirmed. An enrolment
 * still waiting for its first code is shown again instead (the key the user may have scanned
 * stays valid until set-up succeeds, is cancelled or expires).
 */
const enrol: Step = async (ctx, req, user) => {
  if (kindField(req) !== "totp") throw new SecondFactorKind("Only an authenticator app (totp) is enrolled; backup codes come with it.");
  if (!settingsOf(ctx).factors.includes("totp")) throw new SecondFactorKind("Authenticator apps are not offered here.");
  const store = storeOf(ctx);
  if ((await rowsOf(store, user.id, "totp")).some((row) => row.confirmedAt)) {
    throw new SecondFactorEnrolled("An authenticator app is already set up; remove it first.");
  }
  const waiting = await pendingEnrolment(ctx, user);
  if (waiting) return { json: { kind: "totp", ...waiting }, notice: { enrolment: waiting } };
  const id = randomUUID();
  const secret = newTotpSecret();
  const now = new Date();
  const row: AdapterSecondFactor = {
    id, userId: user.id, kind: "totp", secret: await sealTotpSecret(secret, { id, userId: user.id }, ctx.secrets),
    lastUsedStep: null, attempts: 0, confirmedAt: null, expires: null, createdAt: now,
  };
  // Replaces an earlier enrolment that expired unconfirmed (a confirmed one was refused above).
  await store.replaceSecondFactors(user.id, "totp", [row]);
  const enrolment = enrolmentOf(ctx, user, id, secret);
  return { json: { kind: "totp", ...enrolment }, notice: { enrolment } };
};

/** Cancels an enrolment waiting for its first code: its key stops working. A confirmed app is untouched. */
const cancel: Step = async (ctx, _req, user) => {
  const store = storeOf(ctx);
  for (const row of await rowsOf(store, user.id, "totp")) if (!row.confirmedAt) await store.deleteSecondFactor(row.id);
  return { json: { cancelled: true }, notice: {} };
};

/** The first right code activates the app and answers the backup codes, once. */
const confirm: Step = async (ctx, req, user) => {
  const code = field(req, "code");
  if (!code) throw new InvalidRequest("code is required.");
  const store = storeOf(ctx);
  const pending = (await rowsOf(store, user.id, "totp")).find((row) => !row.confirmedAt && new Date(row.createdAt).valueOf() > Date.now() - enrolmentLifetime);
  if (!pending) throw new SecondFactorNotEnrolled("No authenticator app is waiting for confirmation; start again.");
  const secret = await openTotpSecret(pending.secret, pending, ctx.secrets);
  const step = secret ? matchingStep(secret, code.replace(/\s/g, "")) : null;
  const confirmed = step === null ? null : await store.confirmSecondFactor(pending.id, step, new Date());
  if (!confirmed) throw new SecondFactorInvalid("The code is not right; check the app's clock and try again.");
  const backupCodes = settingsOf(ctx).factors.includes("backup") ? await issueBackupCodes(ctx, user) : [];
  await ctx.events.factorEnrolled?.({ user, kind: "totp" });
  return { json: { kind: "totp", id: confirmed.id, backupCodes }, notice: { backupCodes, done: "enrolled" } };
};

/** Removes a factor after a fresh proof; an app's removal takes its backup codes when no app remains. */
const remove: Step = async (ctx, req, user) => {
  const kind = kindField(req);
  const code = field(req, "code");
  const id = field(req, "id", 200);
  if (kind === "email") throw new SecondFactorKind("Email codes go to your verified address; they are not removed here.");
  const store = storeOf(ctx);
  const apps = (await rowsOf(store, user.id, "totp")).filter((row) => row.confirmedAt);
  const backups = await rowsOf(store, user.id, "backup");
  if (kind === "totp" ? !apps.length : !backups.length) throw new SecondFactorNotEnrolled("You have no such factor.");
  if (!(await freshProof(ctx, req, code, user))) {
    throw new SecondFactorFreshProof("Give a current code of one of your factors (or sign in again) to remove a factor.");
  }
  const removed: FactorKind[] = [];
  if (kind === "totp") {
    const leaving = id ? apps.filter((row) => row.id === id) : apps;
    if (!leaving.length) throw new SecondFactorNotEnrolled("You have no such factor.");
    for (const row of leaving) await store.deleteSecondFactor(row.id);
    removed.push("totp");
    if (leaving.length === apps.length && backups.length) {
      await store.replaceSecondFactors(user.id, "backup", []);
      removed.push("backup");
    }
  } else {
    await store.replaceSecondFactors(user.id, "backup", []);
    removed.push("backup");
  }
  // With the backup codes go the hashes of the spent ones.
  if (removed.includes("backup")) await store.replaceSecondFactors(user.id, spentBackupKind, []);
  for (const gone of removed) await ctx.events.factorRemoved?.({ user, kind: gone });
  return { json: { removed }, notice: { done: "removed" } };
};

/** Ten new backup codes after a fresh proof; the old ones stop working. */
const backupCodes: Step = async (ctx, req, user) => {
  const code = field(req, "code");
  if (!settingsOf(ctx).factors.includes("backup")) throw new SecondFactorKind("Backup codes are not offered here.");
  const apps = (await rowsOf(storeOf(ctx), user.id, "totp")).filter((row) => row.confirmedAt);
  if (!apps.length) throw new SecondFactorNotEnrolled("Set up an authenticator app first; backup codes stand in for it.");
  if (!(await freshProof(ctx, req, code, user))) {
    throw new SecondFactorFreshProof("Give a current code of one of your factors (or sign in again) to get new backup codes.");
  }
  const codes = await issueBackupCodes(ctx, user);
  return { json: { backupCodes: codes }, notice: { backupCodes: codes, done: "regenerated" } };
};

/**
 * The one answer to a refusal of the second-factor endpoints: signed out, a form goes to the sign-in
 * page (coming back to `callbackUrl`); a script, or a signed-out visitor that is no form, gets
 * `status` with `{ error, message }`; a signed-in form gets the management page showing the error.
 */
export async function refusalResponse(
  ctx: AuthContext,
  req: AuthRequest,
  error: SecondFactorRefusal,
  answerWith: { json: boolean; user: AdapterUser | undefined; callbackUrl: string },
): Promise<ResponseInternal> {
  const { json, user, callbackUrl } = answerWith;
  if (!json && !user) return { redirect: signInPageUrl(ctx, { callbackUrl }) };
  // A script's refusal is answered where every error is (`http/error-response.ts`).
  if (json || !user) throw error;
  // A wrong first code keeps the enrolment: the page shows the same key again with the error.
  const page = await renderManagePage(ctx, req, user, { error: error.type, enrolment: await pendingEnrolment(ctx, user) });
  return { ...page, status: error.status };
}

function answer(step: Step): (ctx: AuthContext, req: AuthRequest) => Promise<ResponseInternal> {
  return async (ctx, req) => {
    const json = wantsJson(req);
    let signedIn: Awaited<ReturnType<typeof signedInUser>> = null;
    try {
      signedIn = await signedInUser(ctx, req);
      if (!signedIn) throw new NotSignedIn();
      const done = await step(ctx, req, signedIn.user, signedIn.sessionToken);
      if (json) return { body: done.json, headers: { ...noStore } };
      return renderManagePage(ctx, req, signedIn.user, done.notice);
    } catch (error) {
      if (!(error instanceof SecondFactorRefusal)) throw error;
      return refusalResponse(ctx, req, error, { json, user: signedIn?.user, callbackUrl: `${ctx.baseUrl}/second-factor/enrol` });
    }
  };
}

/** The enrolment endpoints by their second path segment. */
export const enrolmentActions: Readonly<Record<string, (ctx: AuthContext, req: AuthRequest) => Promise<ResponseInternal>>> = {
  enrol: answer(enrol),
  confirm: answer(confirm),
  remove: answer(remove),
  "backup-codes": answer(backupCodes),
  cancel: answer(cancel),
};

/**
 * `GET <base>/second-factor/enrol`: the page for a browser; `{ factors }` (kind, id, createdAt)
 * for a script. Signed-out visitors go to the sign-in page (a script gets 401).
 */
export async function managePageAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const signedIn = await signedInUser(ctx, req);
  const page = (req.headers.get("accept") ?? "").includes("text/html");
  if (!signedIn) return refusalResponse(ctx, req, new NotSignedIn(), { json: !page, user: undefined, callbackUrl: req.url.href });
  if (!page) return { body: { factors: await listFactors(ctx, signedIn.user.id) }, headers: { ...noStore } };
  return renderManagePage(ctx, req, signedIn.user, { enrolment: await pendingEnrolment(ctx, signedIn.user) });
}
