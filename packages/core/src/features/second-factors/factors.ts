/**
 * The second-factor API the sign-in step-up and the endpoints share: which factors a user has,
 * and whether an answer is right. Every check is constant-time and every code works once.
 */
import type { AdapterUser } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import type { SecondFactorContext } from "../../config/slices.js";
import { randomUUID, timingSafeEqual } from "../../crypto/index.js";
import type { FactorKind } from "../../types/second-factor-options.js";
import { codeHash, emailCodeAttempts, normalizeCode } from "./codes.js";
import { rowsOf, settingsOf, storeOf } from "./storage.js";
import { matchingStep, openTotpSecret } from "./totp.js";

/** A factor of a user, as listed. */
export interface ListedFactor {
  kind: FactorKind;
  /** The TOTP factor's id; `"backup"` and `"email"` for those kinds. */
  id: string;
  createdAt: Date;
}

/** The outcome of {@link verifySecondFactor}. */
export type VerifyResult = { ok: true; kind: FactorKind } | { ok: false };

/** Why an email code is sent: a second factor, or a sign-in without a password. */
export type EmailCodePurpose = "second-factor" | "sign-in";

/** Whether an email provider is configured (its transport sends the codes). */
export function emailOffered(ctx: Pick<AuthContext, "providers" | "secondFactor">): boolean {
  return settingsOf(ctx).factors.includes("email") && ctx.providers.some((provider) => provider.type === "email");
}

/**
 * The user's confirmed factors: each confirmed TOTP factor; one `backup` entry while unused
 * backup codes remain; `email` when email codes are offered and the user's address is verified.
 */
export async function listFactors(ctx: SecondFactorContext, userId: string): Promise<ListedFactor[]> {
  const settings = settingsOf(ctx);
  const store = storeOf(ctx);
  const rows = (await store.listSecondFactors(userId)).filter((row) => row.userId === userId);
  const factors: ListedFactor[] = [];
  const offers = (kind: FactorKind) => settings.factors.includes(kind);
  for (const row of rows) {
    if (row.kind === "totp" && row.confirmedAt && offers("totp")) factors.push({ kind: "totp", id: row.id, createdAt: new Date(row.createdAt) });
  }
  const backups = rows.filter((row) => row.kind === "backup");
  if (backups.length && offers("backup")) {
    const oldest = Math.min(...backups.map((row) => new Date(row.createdAt).valueOf()));
    factors.push({ kind: "backup", id: "backup", createdAt: new Date(oldest) });
  }
  if (emailOffered(ctx)) {
    const user = await store.getUser(userId);
    if (user?.emailVerified && user.email) factors.push({ kind: "email", id: "email", createdAt: new Date(user.emailVerified) });
  }
  return factors;
}

/**
 * Checks a code against the user's confirmed TOTP factors. The matching step is recorded in one
 * conditional write: a code whose step (or a later one) was already accepted is refused.
 */
async function verifyTotp(ctx: Pick<AuthContext, "secrets" | "adapter">, user: AdapterUser, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const store = storeOf(ctx);
  for (const row of await rowsOf(store, user.id, "totp")) {
    if (!row.confirmedAt) continue;
    const secret = await openTotpSecret(row.secret, row, ctx.secrets);
    if (!secret) continue;
    const step = matchingStep(secret, code);
    if (step !== null) return store.useTotpStep(row.id, step);
  }
  return false;
}

/**
 * The hashes of the backup codes already spent, kept (until new codes replace them) only so that
 * a code given again is told apart from a mistyped one; they open nothing.
 */
export const spentBackupKind = "backup-spent";

/** Checks a backup code; a right one is deleted in one step, so it works once even under concurrent answers. */
async function verifyBackup(ctx: Pick<AuthContext, "adapter">, user: AdapterUser, code: string): Promise<boolean> {
  const store = storeOf(ctx);
  const hash = await codeHash(code);
  let match: string | undefined;
  for (const row of await rowsOf(store, user.id, "backup")) {
    if (timingSafeEqual(row.secret, hash) && !match) match = row.id;
  }
  const spent = match !== undefined && (await store.deleteSecondFactor(match)) !== null;
  if (spent) {
    const now = new Date();
    const kept = await rowsOf(store, user.id, spentBackupKind);
    const row = { id: randomUUID(), userId: user.id, kind: spentBackupKind, secret: hash, lastUsedStep: null, attempts: 0, confirmedAt: now, expires: null, createdAt: now };
    // Fresh ids: an adapter may replace in one statement, where a kept id would meet itself.
    await store.replaceSecondFactors(user.id, spentBackupKind, [...kept.map((k) => ({ ...k, id: randomUUID() })), row]);
  }
  return spent;
}

/** Whether `code` is one of `user`'s backup codes that was already spent. */
export async function backupCodeSpent(ctx: Pick<AuthContext, "adapter">, user: AdapterUser, code: string): Promise<boolean> {
  const hash = await codeHash(normalizeCode(code));
  let spent = false;
  for (const row of await rowsOf(storeOf(ctx), user.id, spentBackupKind)) if (timingSafeEqual(row.secret, hash)) spent = true;
  return spent;
}

/**
 * Checks an email code of `purpose`: refused when none is pending or it expired; each answer is
 * counted first, and once {@link emailCodeAttempts} were checked the next is refused without
 * being compared. A right code is deleted in one step (single use).
 */
export async function verifyEmailCode(ctx: Pick<AuthContext, "adapter">, user: AdapterUser, purpose: EmailCodePurpose, code: string): Promise<boolean> {
  const normalized = normalizeCode(code);
  if (!/^\d{6}$/.test(normalized)) return false;
  const store = storeOf(ctx);
  const [row] = await rowsOf(store, user.id, `email:${purpose}`);
  if (!row || !row.expires || new Date(row.expires).valueOf() <= Date.now()) return false;
  const attempts = await store.countSecondFactorAttempt(row.id);
  if (attempts === null || attempts > emailCodeAttempts) return false;
  if (!timingSafeEqual(row.secret, await codeHash(normalized))) return false;
  return (await store.deleteSecondFactor(row.id)) !== null;
}

/**
 * Whether `code` is a right answer of the user's second factor `kind` (any offered kind when
 * left out: a 6-digit code tries TOTP, then a pending email code; anything else, backup codes).
 */
export async function verifySecondFactor(ctx: SecondFactorContext & Pick<AuthContext, "secrets">, user: AdapterUser, answer: { code: string; kind?: FactorKind }): Promise<VerifyResult> {
  const settings = settingsOf(ctx);
  const code = normalizeCode(answer.code);
  const kinds: FactorKind[] = answer.kind ? [answer.kind] : /^\d{6}$/.test(code) ? ["totp", "email"] : ["backup"];
  for (const kind of kinds) {
    if (!settings.factors.includes(kind)) continue;
    const ok =
      kind === "totp" ? await verifyTotp(ctx, user, code)
      : kind === "backup" ? await verifyBackup(ctx, user, code)
      : !!user.emailVerified && emailOffered(ctx) && (await verifyEmailCode(ctx, user, "second-factor", code));
    if (ok) return { ok: true, kind };
  }
  return { ok: false };
}
