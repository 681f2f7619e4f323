/**
 * Account links for people: a signed-in user attaches an OAuth or OpenID account to themselves
 * (`POST <base>/link/<providerId>`) or detaches one (`POST <base>/unlink/<providerId>`).
 *
 * @module @latch/core/accounts
 */
import { accountLinkRows } from "./rows.js";
import { featureCode } from "../../symbols.js";
import type { AccountLinksOption } from "../../types/account-options.js";

export type { AccountLinksOption } from "../../types/account-options.js";

/**
 * Turns on `POST <base>/link/<providerId>` (starts the provider's OAuth flow; its callback
 * attaches the account to the signed-in user, whatever `account.linking` says, and refuses an
 * account that belongs to another user) and `POST <base>/unlink/<providerId>` (detaches it, but
 * never the user's last way to sign in). Both are CSRF-checked and answer JSON. Pass it as
 * `account.links`; needs an adapter (`getAccountByUserId` and `unlinkAccount` for unlink).
 *
 * @example
 * ```ts
 * import { AccountLinks } from "@latch/core/accounts"
 * const config = { adapter, providers: [Google, GitHub], account: { links: AccountLinks() } }
 * ```
 */
export function AccountLinks(): AccountLinksOption {
  return { [featureCode]: { rows: accountLinkRows } };
}
