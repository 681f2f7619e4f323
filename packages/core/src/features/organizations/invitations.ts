/**
 * Invitations by email (PROTOCOL §13): made, listed, sent again and canceled by members whose
 * role allows it; opened, accepted and declined through the mailed link. The link carries the
 * invitation's id and a random token whose SHA-256 alone is stored, compared in constant time;
 * it works once, until its expiry, and only for the invited address. Inviting reads nothing of
 * the invited address: the answer and the work are the same whether it has an account or not.
 */
import type { Adapter, AdapterInvitation, AdapterUser } from "../../adapter.js";
import { randomBase64Url, randomHex, sha256Hex, timingSafeEqual } from "../../crypto/index.js";
import { InvalidRequest } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore } from "../../http/respond.js";
import { signInPageUrl } from "../../http/urls.js";
import { chooseLanguage } from "../../pages/language.js";
import { countFor, countMail } from "../../limits/mail.js";
import { normalizeEmail } from "../../security/email-address.js";
import { canonicalEmail } from "../../security/email-spelling.js";
import { proveAddress } from "../../signin/end-unproven-access.js";
import type { ResponseInternal } from "../../types/response.js";
import { allow, callerOf, field, fire, idOf, membershipOf, ownerOnly, roleOf, signedIn, within, type Caller } from "./caller.js";
import { InvitationForAnotherAddress, InvitationInvalid, InvitationNotSent, OrganizationNotFound } from "./errors.js";
import { assertConfigured } from "./check.js";
import { invitationMail, invitationTransport } from "./message.js";
import { settingsOf, type OrganizationContext } from "./settings.js";
import { organizationStore } from "./store.js";

const json = (body: unknown, status = 200): ResponseInternal => ({ status, body: body as ResponseInternal["body"], headers: { ...noStore } });

/** An invitation as the organization's members see it: never its hash. */
const shown = ({ hash: _hash, ...invitation }: AdapterInvitation) => invitation;

/** The accept link of invitation `id` with its `token`. */
const linkOf = (ctx: OrganizationContext, id: string, token: string) => {
  const url = new URL(`${ctx.baseUrl}/organizations/invitations/accept`, ctx.origin);
  url.searchParams.set("id", id);
  url.searchParams.set("token", token);
  return url.toString();
};

/** A new token and its stored hash. */
async function newToken(): Promise<{ token: string; hash: string }> {
  const token = randomBase64Url(32);
  return { token, hash: await sha256Hex(token) };
}

/** Mails the invitation with its link, in the language chosen for `req`, the request that sends it. */
async function mail(ctx: OrganizationContext, req: AuthRequest, caller: Caller, invitation: AdapterInvitation, token: string, organizationName: string): Promise<void> {
  const settings = settingsOf(ctx);
  const transport = invitationTransport(ctx, settings.email);
  const inviter = await ctx.adapter!.getUser!(caller.userId);
  const message = invitationMail({
    url: linkOf(ctx, invitation.id, token),
    organization: organizationName,
    // The caller's user was just read with the session; only a deletion in between leaves the id.
    inviter: inviter?.name || inviter?.email || caller.userId,
    role: invitation.role,
    expires: invitation.expires,
    theme: ctx.theme,
    language: await chooseLanguage(ctx, req.request),
  });
  await transport.sendMessage({ to: invitation.email, message, provider: transport });
  await fire(ctx, "invitationSent", { invitation: shown(invitation) }, caller.userId);
}

/**
 * `POST /organizations/invitations/create` (`{ organizationId, email, role? }`): 201
 * `{ invitation }`, mailed to the address; needs `invitation:create` (an owner to invite an
 * owner). Counted per address and inviter (the row) and per organization (here).
 */
export async function inviteAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const { organization, member } = await membershipOf(ctx, req, caller);
  const settings = settingsOf(ctx);
  await allow(ctx, member, "invitation:create");
  const body = req.body ?? {};
  let email: string;
  try {
    email = normalizeEmail(body.email);
  } catch {
    throw new InvalidRequest("email is one email address.");
  }
  const role = body.role === undefined ? "member" : await roleOf(ctx, organization.id, body.role);
  if (role === "owner") ownerOnly(member, "invite an owner");
  await within(ctx, member, role);
  await countFor(ctx, "organizationInvitation", `organization:${organization.id}`);
  const { token, hash } = await newToken();
  const now = Date.now();
  const invitation = await organizationStore(ctx).createInvitation({
    id: randomHex(16), organizationId: organization.id, email, role, inviterId: caller.userId, hash, status: "pending", expires: new Date(now + settings.invitationMaxAge * 1000), createdAt: new Date(now),
  });
  try {
    await mail(ctx, req, caller, invitation, token, organization.name);
  } catch (error) {
    // The link never left: no pending invitation stays behind for an address that was not told.
    await organizationStore(ctx).updateInvitation(invitation.id, { status: "canceled" });
    const kind = error instanceof Error ? error.name || "Error" : "UnknownError";
    ctx.logger.error("InvitationNotSent", `The invitation mail was not sent (${kind}); the invitation was canceled.`);
    throw new InvitationNotSent("The invitation mail could not be sent; nobody was invited. Try again later.");
  }
  return json({ invitation: shown(invitation) }, 201);
}

/** The organization's invitation the request names (`invitationId`); a pending one unless `any`. */
async function ownInvitation(ctx: OrganizationContext, req: AuthRequest, organizationId: string): Promise<AdapterInvitation> {
  const invitation = await organizationStore(ctx).getInvitation(idOf(field(req, "invitationId"), "invitationId"));
  if (!invitation || invitation.organizationId !== organizationId || invitation.status !== "pending") throw new InvitationInvalid("This organization has no pending invitation of this id.");
  return invitation;
}

/** `GET /organizations/invitations?organizationId=`: `{ invitations }`; needs `invitation:create`. */
export async function listAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const { organization, member } = await membershipOf(ctx, req, caller);
  await allow(ctx, member, "invitation:create");
  const invitations = await organizationStore(ctx).listInvitations(organization.id);
  return json({ invitations: invitations.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map(shown) });
}

/** `POST /organizations/invitations/resend` (`{ organizationId, invitationId }`): `{ invitation }` with a new token and expiry, mailed again; the old link stops working. */
export async function resendAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const { organization, member } = await membershipOf(ctx, req, caller);
  const settings = settingsOf(ctx);
  await allow(ctx, member, "invitation:create");
  const pending = await ownInvitation(ctx, req, organization.id);
  await countMail(ctx, "invitation", pending.email, caller.userId);
  await countFor(ctx, "organizationInvitation", `organization:${organization.id}`);
  const { token, hash } = await newToken();
  const invitation = await organizationStore(ctx).updateInvitation(pending.id, { hash, expires: new Date(Date.now() + settings.invitationMaxAge * 1000) });
  if (!invitation) throw new InvitationInvalid("This organization has no pending invitation of this id.");
  await mail(ctx, req, caller, invitation, token, organization.name);
  return json({ invitation: shown(invitation) });
}

/** `POST /organizations/invitations/cancel` (`{ organizationId, invitationId }`): `{ canceled: true }`; needs `invitation:cancel`. */
export async function cancelAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const { organization, member } = await membershipOf(ctx, req, caller);
  await allow(ctx, member, "invitation:cancel");
  const pending = await ownInvitation(ctx, req, organization.id);
  const canceled = await organizationStore(ctx).updateInvitation(pending.id, { status: "canceled" });
  if (!canceled) throw new InvitationInvalid("This organization has no pending invitation of this id.");
  await fire(ctx, "invitationClosed", { invitation: shown(canceled), status: "canceled" }, caller.userId);
  return json({ canceled: true });
}

const tokenShape = /^[A-Za-z0-9_-]{43}$/;
const invitationIdShape = /^[0-9a-f]{32}$/;

/** The pending, unexpired invitation whose token the request carries (`id`, `token`); one refusal, `InvitationInvalid`, for anything else. */
async function presented(ctx: OrganizationContext, req: AuthRequest): Promise<AdapterInvitation> {
  assertConfigured(ctx);
  const id = field(req, "id");
  const token = field(req, "token");
  const refused = new InvitationInvalid("This invitation cannot be used: it is unknown, expired, or was used, declined or canceled.");
  if (typeof id !== "string" || !invitationIdShape.test(id) || typeof token !== "string" || !tokenShape.test(token)) throw refused;
  const invitation = await organizationStore(ctx).getInvitation(id);
  const hash = await sha256Hex(token);
  // Compared in constant time; the hash is computed whether or not the invitation exists.
  const matches = timingSafeEqual(invitation?.hash ?? "0".repeat(64), hash);
  if (!invitation || !matches || invitation.status !== "pending" || invitation.expires.getTime() <= Date.now()) throw refused;
  return invitation;
}

/** The signed-in user, whose address must be the invited one (`InvitationForAnotherAddress`, 403). */
async function invitedCaller(ctx: OrganizationContext, caller: Caller, invitation: AdapterInvitation): Promise<AdapterUser> {
  const user = await ctx.adapter!.getUser!(caller.userId);
  if (!user?.email || canonicalEmail(user.email) !== invitation.email) {
    throw new InvitationForAnotherAddress("This invitation is for another address: sign in with the address it was sent to.");
  }
  return user;
}

/**
 * `GET /organizations/invitations/accept?id=&token=`: the mailed link. Not signed in: to the
 * sign-in page, coming back here (an address without an account signs up or in there first).
 * Signed in with the invited address: `{ invitation, organization }`, to confirm with the POST.
 */
export async function openAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await signedIn(ctx, req);
  if (!caller) {
    const back = new URL(`${ctx.baseUrl}/organizations/invitations/accept`, ctx.origin);
    for (const name of ["id", "token"]) if (typeof req.query[name] === "string") back.searchParams.set(name, req.query[name]);
    return { redirect: signInPageUrl(ctx, { callbackUrl: back.toString() }) };
  }
  const invitation = await presented(ctx, req);
  await invitedCaller(ctx, caller, invitation);
  const organization = await organizationStore(ctx).getOrganization(invitation.organizationId);
  if (!organization) throw new OrganizationNotFound("The organization is gone.");
  return json({ invitation: { id: invitation.id, email: invitation.email, role: invitation.role, expires: invitation.expires }, organization: { id: organization.id, name: organization.name, slug: organization.slug } });
}

/**
 * `POST /organizations/invitations/accept` (`{ id, token }`): `{ organization, role }`; the
 * signed-in user with the invited address joins, and the invitation is spent in the same write.
 */
export async function acceptAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const invitation = await presented(ctx, req);
  const user = await invitedCaller(ctx, caller, invitation);
  // The mailed token proves the address (PROTOCOL §6): what was attached to an unproven address
  // before (its password, passkeys, OAuth accounts and sessions, this one included) ends first.
  if (!user.emailVerified) await proveAddress(ctx, ctx.adapter as Required<Adapter>, user, "invitation");
  const store = organizationStore(ctx);
  const member = await store.acceptInvitation(invitation.id, { organizationId: invitation.organizationId, userId: caller.userId, role: invitation.role, createdAt: new Date() });
  if (!member) throw new InvitationInvalid("This invitation cannot be used: it is unknown, expired, or was used, declined or canceled.");
  const organization = await store.getOrganization(invitation.organizationId);
  await fire(ctx, "memberAdded", { member }, caller.userId);
  await fire(ctx, "invitationClosed", { invitation: shown({ ...invitation, status: "accepted" }), status: "accepted" }, caller.userId);
  return json({ organization: organization && { id: organization.id, name: organization.name, slug: organization.slug }, role: member.role });
}

/** `POST /organizations/invitations/decline` (`{ id, token }`): `{ declined: true }`; the link's holder needs no account. */
export async function declineAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const invitation = await presented(ctx, req);
  const declined = await organizationStore(ctx).updateInvitation(invitation.id, { status: "declined" });
  if (!declined) throw new InvitationInvalid("This invitation cannot be used: it is unknown, expired, or was used, declined or canceled.");
  await fire(ctx, "invitationClosed", { invitation: shown(declined), status: "declined" }, null);
  return json({ declined: true });
}
