/**
 * The languages of the built-in pages: what a language is, the sentences it holds, and how a
 * request's language is chosen.
 *
 * @module types/language
 */

/**
 * Every sentence the built-in pages (and the built-in sign-in email) show, by key. A `{name}` in
 * a sentence is a placeholder filled in when the page is rendered; a translation keeps the same
 * placeholders and may move them. Values are plain text: they are escaped, never read as HTML.
 *
 * @example
 * ```ts
 * const overrides: Partial<Messages> = { signInTitle: "Log in", signInWith: "Continue with {provider}" }
 * ```
 */
export interface Messages {
  /** Title and heading of the sign-in page: "Sign in". */
  signInTitle: string;
  /** Label of a provider's button; `{provider}` is the provider's name. */
  signInWith: string;
  /** Label of the email provider's address field. */
  signInEmailLabel: string;
  /** Example address shown in the empty email field. */
  signInEmailPlaceholder: string;
  /** Separator between groups of forms: "or". */
  signInOr: string;
  /** Shown when no provider is configured. */
  signInNoProviders: string;
  /** The reason a `CredentialsSignin` carries, under the error sentence; `{code}` is the code. */
  signInReason: string;
  /** Sign-in page, `?error=CredentialsSignin`. */
  signInErrorCredentialsSignin: string;
  /** Sign-in page, `?error=OAuthAccountNotLinked`. */
  signInErrorOAuthAccountNotLinked: string;
  /** Sign-in page, `?error=OAuthCallbackError`. */
  signInErrorOAuthCallbackError: string;
  /** Sign-in page, `?error=OAuthSignInError`. */
  signInErrorOAuthSignInError: string;
  /** Sign-in page, `?error=EmailSignInError`. */
  signInErrorEmailSignInError: string;
  /** Sign-in page, `?error=MissingCSRF`. */
  signInErrorMissingCSRF: string;
  /** Sign-in page, `?error=AccessDenied`. */
  signInErrorAccessDenied: string;
  /** Sign-in page, `?error=Verification`. */
  signInErrorVerification: string;
  /** Sign-in page, `?error=AccountNotLinked`. */
  signInErrorAccountNotLinked: string;
  /** Sign-in page, `?error=WebAuthnVerificationError`. */
  signInErrorWebAuthnVerificationError: string;
  /** Sign-in page, `?error=SessionRequired`. */
  signInErrorSessionRequired: string;
  /** Above the sign-in forms after too many attempts (`RateLimited`). */
  signInErrorRateLimited: string;
  /** Sign-in page, any other `?error=`. */
  signInErrorDefault: string;

  /** Title and heading of the sign-out page, and its button. */
  signOutTitle: string;
  /** The sign-out page's question. */
  signOutQuestion: string;

  /** Error page heading for `Configuration`. */
  errorConfigurationHeading: string;
  /** Error page sentence for `Configuration`. */
  errorConfigurationMessage: string;
  /** Error page heading for `AccessDenied`. */
  errorAccessDeniedHeading: string;
  /** Error page sentence for `AccessDenied`. */
  errorAccessDeniedMessage: string;
  /** Error page heading for `Verification`. */
  errorVerificationHeading: string;
  /** Error page sentence for `Verification`. */
  errorVerificationMessage: string;
  /** Error page heading for any other code. */
  errorDefaultHeading: string;
  /** Error page sentence for any other code. */
  errorDefaultMessage: string;
  /** The code under the error page's sentence; `{code}` is the code. */
  errorCode: string;
  /** The error page's link to the sign-in page. */
  errorSignInLink: string;
  /** Link to the site's home page (error and "check your email" pages). */
  homeLink: string;

  /** Title and heading of the "check your email" page. */
  verifyTitle: string;
  /** "Check your email" when the address is known; `{email}` is the address (shown in bold). */
  verifySentTo: string;
  /** "Check your email" when the address is not known. */
  verifySent: string;
  /** The "check your email" page's hint about closing the page and the spam folder. */
  verifyHint: string;

  /** Title and heading of the "your sessions" page. */
  sessionsTitle: string;
  /** A session whose browser is not known. */
  sessionsUnknownBrowser: string;
  /** Marks the session of the browser looking at the page. */
  sessionsThisBrowser: string;
  /** When a session started and was last used; `{created}` and `{lastSeen}` are UTC times. */
  sessionsTimes: string;
  /** Stands for a time that is not known. */
  sessionsUnknownTime: string;
  /** Button that ends one other session. */
  sessionsEnd: string;
  /** Button that ends every session but this one. */
  sessionsEndOthers: string;
  /** Button that ends every session, this one included. */
  sessionsEndAll: string;

  // API keys: the management page.
  /** Title and heading of the page where a signed-in user manages their API keys. */
  apiKeysTitle: string;
  /** What API keys are for, at the top of that page. */
  apiKeysIntro: string;
  /** Shown instead of the list when the user has no key. */
  apiKeysNone: string;
  /** When a key was made; `{date}` is a UTC time. */
  apiKeysCreatedOn: string;
  /** When a key stops working; `{date}` is a UTC time. */
  apiKeysExpiresOn: string;
  /** A key that does not expire. */
  apiKeysNoExpiry: string;
  /** When a key was last used; `{date}` is a UTC time. */
  apiKeysLastUsed: string;
  /** A key not used yet. */
  apiKeysNeverUsed: string;
  /** A key's scopes; `{scopes}` is the list. */
  apiKeysScopesList: string;
  /** A key without scopes. */
  apiKeysNoScopes: string;
  /** Button that revokes one key. */
  apiKeysRevoke: string;
  /** Heading of the form that makes a key. */
  apiKeysNewHeading: string;
  /** Label of the new key's name field. */
  apiKeysNameLabel: string;
  /** Label of the new key's scopes (a field, or a checkbox per configured scope). */
  apiKeysScopesLabel: string;
  /** Under the scopes field when no list is configured: how to write several. */
  apiKeysScopesHint: string;
  /** Label of the new key's expiry choice. */
  apiKeysExpiryLabel: string;
  /** The expiry choice for a key that does not expire. */
  apiKeysExpiryNever: string;
  /** An expiry choice; `{days}` is a number of days. */
  apiKeysExpiryDays: string;
  /** The button that makes a key. */
  apiKeysCreate: string;
  /** Shown with a new key: copy it now, it is shown only this once. */
  apiKeysCopyNow: string;
  /** A key was revoked. */
  apiKeysDoneRevoked: string;
  /** The form was refused: a name or scope of the wrong shape, or too many scopes. */
  apiKeysErrorInvalid: string;

  // Organizations: the invitation mail.
  /** Subject and heading of the invitation mail; `{organization}` is the organization's name. */
  invitationEmailSubject: string;
  /**
   * The invitation mail's sentence before its link: `{inviter}` invites to `{organization}` on
   * `{host}` (the site's host) with the role `{role}` (the role's name as the app spells it).
   */
  invitationEmailText: string;
  /** The invitation mail's button (opens the link to accept). */
  invitationEmailButton: string;
  /** How long the invitation can be accepted; `{time}` is a duration ("7 days"). */
  invitationEmailExpires: string;
  /** The invitation mail's closing note for a reader who did not expect it. */
  invitationEmailIgnore: string;

  // Organizations: the built-in pages (switcher, members, invitations, roles, the invitation link's page).
  /** Title and heading of the organization switcher page (the user's organizations). */
  orgsTitle: string;
  /** What the switcher page lists, at its top. */
  orgsIntro: string;
  /** The switcher page when the user has no organization. */
  orgsNone: string;
  /** Marks the session's active organization. */
  orgsActive: string;
  /** The user's role in an organization; `{role}` is the role's name. */
  orgsYourRole: string;
  /** The button that makes an organization the session's active one. */
  orgsSwitch: string;
  /** Heading of the form that makes an organization. */
  orgsNewHeading: string;
  /** Label of an organization's name. */
  orgsNameLabel: string;
  /** Label of an organization's slug. */
  orgsSlugLabel: string;
  /** Under the slug field: its shape. */
  orgsSlugHint: string;
  /** The button that makes an organization. */
  orgsCreate: string;
  /** The link to an organization's members page. */
  orgsMembers: string;
  /** The link to an organization's invitations page. */
  orgsInvitations: string;
  /** The link to an organization's roles page. */
  orgsRoles: string;
  /** Title and heading of the members page; `{organization}` is its name. */
  orgsMembersTitle: string;
  /** Marks the viewer in the members list. */
  orgsYou: string;
  /** A member's role in the members list; `{role}` is the role's name. */
  orgsMemberRole: string;
  /** Label of a role field. */
  orgsRoleLabel: string;
  /** The button that gives a member the chosen role. */
  orgsChangeRole: string;
  /** The button that removes a member. */
  orgsRemove: string;
  /** The button with which the viewer leaves the organization. */
  orgsLeave: string;
  /** Title and heading of the invitations page; `{organization}` is its name. */
  orgsInvitationsTitle: string;
  /** Label of the invited address. */
  orgsEmailLabel: string;
  /** The button that mails an invitation. */
  orgsInvite: string;
  /** The invitations page without pending invitations. */
  orgsPendingNone: string;
  /** A pending invitation: the address, the role it gives and until when it works. */
  orgsPendingEntry: string;
  /** The button that mails a pending invitation again. */
  orgsResend: string;
  /** The button that cancels a pending invitation. */
  orgsCancel: string;
  /** Title and heading of the roles page; `{organization}` is its name. */
  orgsRolesTitle: string;
  /** Marks a role of the app (not made by the organization). */
  orgsBuiltIn: string;
  /** A role that holds no permission. */
  orgsNoPermissions: string;
  /** The button that deletes a role the organization made. */
  orgsDeleteRole: string;
  /** Heading of the form that makes a role. */
  orgsNewRole: string;
  /** Label of a role's permissions. */
  orgsPermissionsLabel: string;
  /** The button that makes a role. */
  orgsCreateRole: string;
  /** Title and heading of the page the invitation mail's link opens. */
  orgsInvitationTitle: string;
  /** The invitation page: `{organization}` and `{role}` as the mail names them. */
  orgsInvitationText: string;
  /** The button that accepts an invitation. */
  orgsAccept: string;
  /** The button that declines an invitation. */
  orgsDecline: string;
  /** After an organization was made. */
  orgsDoneCreated: string;
  /** After the active organization was switched. */
  orgsDoneSwitched: string;
  /** After the viewer left an organization. */
  orgsDoneLeft: string;
  /** After an invitation was accepted. */
  orgsDoneJoined: string;
  /** After an invitation was declined. */
  orgsDoneDeclined: string;
  /** After a member was removed. */
  orgsDoneRemoved: string;
  /** After a member's role was changed. */
  orgsDoneRoleChanged: string;
  /** After an invitation was mailed. */
  orgsDoneInvited: string;
  /** After an invitation was mailed again. */
  orgsDoneResent: string;
  /** After an invitation was canceled. */
  orgsDoneCanceled: string;
  /** After a role was made. */
  orgsDoneRoleCreated: string;
  /** After a role was deleted. */
  orgsDoneRoleDeleted: string;
  /** Refused: the viewer's role does not allow the action. */
  orgsErrorDenied: string;
  /** Refused: the organization's last owner would leave, be removed or lose the role. */
  orgsErrorLastOwner: string;
  /** Refused: the slug is taken. */
  orgsErrorSlugTaken: string;
  /** Refused: a role's name is taken, or a member holds the role to delete. */
  orgsErrorRoleConflict: string;
  /** Refused: the invitation cannot be used. */
  orgsErrorInvitation: string;
  /** Refused: the signed-in user's address is not the invited one. */
  orgsErrorAnotherAddress: string;
  /** Refused: no such organization or member for the viewer. */
  orgsErrorNotFound: string;
  /** Refused: a field of the form has the wrong shape. */
  orgsErrorInvalid: string;
  /** The link to an organization's settings page. */
  orgsSettings: string;
  /** Title and heading of an organization's settings page. */
  orgsSettingsTitle: string;
  /** The button that saves an organization's name and short name. */
  orgsSave: string;
  /** The heading and button of the form that makes another member the owner. */
  orgsTransferHeading: string;
  /** The label of the member chosen as the new owner. */
  orgsTransferLabel: string;
  /** What handing ownership on does; {role} is the role the owner keeps. */
  orgsTransferHint: string;
  /** The heading and button of the form that deletes an organization. */
  orgsDeleteHeading: string;
  /** What deleting an organization does, and how to confirm it; {slug} is its short name. */
  orgsDeleteHint: string;
  /** The label of the field where the short name is typed to confirm a deletion. */
  orgsDeleteConfirmLabel: string;
  /** Done: an organization's name or short name was changed. */
  orgsDoneUpdated: string;
  /** Done: ownership was handed to another member. */
  orgsDoneTransferred: string;
  /** Done: an organization was deleted. */
  orgsDoneDeleted: string;
  /** Refused: the short name typed to confirm a deletion did not match. */
  orgsErrorConfirm: string;
  /** Shown on the settings page to a role that may change nothing there. */
  orgsNoSettings: string;

  // Second factors: the management page and the email code.
  /** Title and heading of the page where a signed-in user manages second factors. */
  factorsTitle: string;
  /** What second factors are for, at the top of that page. */
  factorsIntro: string;
  /** An authenticator app is set up; `{date}` is the day it was. */
  factorsAppOn: string;
  /** No authenticator app is set up. */
  factorsAppOff: string;
  /** Button that starts setting up an authenticator app. */
  factorsSetUpApp: string;
  /** How to add the new secret to an authenticator app. */
  factorsScan: string;
  /** Label of the secret shown as text beside the QR code. */
  factorsKey: string;
  /** Label of the field for the app's first code. */
  factorsCodeLabel: string;
  /** Button that confirms the app with its first code. */
  factorsConfirm: string;
  /** Button that cancels setting up an authenticator app (its key stops working). */
  factorsCancel: string;
  /** How many unused backup codes remain (`{count}`). */
  factorsBackupCount: string;
  /** Shown with new backup codes: keep them, they are shown once. */
  factorsBackupSave: string;
  /** Button that replaces the backup codes with new ones. */
  factorsNewBackup: string;
  /** Button that removes the authenticator app. */
  factorsRemoveApp: string;
  /** Label of the field for a current code, asked before removal or renewal. */
  factorsProofLabel: string;
  /** Email codes are offered to the user's verified address. */
  factorsEmailOn: string;
  /** The app was confirmed. */
  factorsDoneEnrolled: string;
  /** A factor was removed. */
  factorsDoneRemoved: string;
  /** New backup codes were made. */
  factorsDoneRegenerated: string;
  /** The code given was wrong. */
  factorsErrorInvalid: string;
  /** A current code is needed first. */
  factorsErrorFreshProof: string;
  /** Any other refusal on that page. */
  factorsErrorOther: string;
  /** Link from that page back to the site (the callback URL). */
  factorsContinue: string;
  /** Subject of the email carrying a code (`{code}`). */
  emailCodeSubject: string;
  /** Body of the email carrying a code (`{code}`, `{minutes}` of validity). */
  emailCodeText: string;
  /** Subject of the notice that too many wrong second-factor codes were given (`{host}`). */
  wrongAnswersSubject: string;
  /** Body of that notice (`{host}`, `{count}` codes, `{minutes}` until codes are checked again). */
  wrongAnswersText: string;

  /** Title and heading of the challenge page, where a sign-in waits for its second factor. */
  secondFactorTitle: string;
  /** Challenge page: asks for the authenticator app's code. */
  secondFactorIntro: string;
  /** Label of the challenge page's field for the app's code. */
  secondFactorCodeLabel: string;
  /** Challenge page: asks for a backup code. */
  secondFactorBackupIntro: string;
  /** Label of the challenge page's field for a backup code. */
  secondFactorBackupLabel: string;
  /** Challenge page: offers to email a code (none sent yet). */
  secondFactorEmailIntro: string;
  /** Challenge page: an email code was sent. */
  secondFactorEmailSent: string;
  /** Label of the challenge page's field for the emailed code. */
  secondFactorEmailLabel: string;
  /** Challenge page button that emails a code. */
  secondFactorEmailSend: string;
  /** Challenge page button that emails another code. */
  secondFactorEmailAgain: string;
  /** Challenge page checkbox: skip the second factor in this browser for a while. */
  secondFactorRemember: string;
  /** The challenge page's submit button. */
  secondFactorSubmit: string;
  /** Challenge page, after a wrong code. */
  secondFactorWrong: string;
  /** Challenge page, a backup code that was already used (`?error=SecondFactorInvalid&reason=used`). */
  secondFactorBackupUsed: string;
  /** Challenge page link back to the authenticator app's code. */
  secondFactorUseApp: string;
  /** Challenge page link to the backup-code form. */
  secondFactorUseBackup: string;
  /** Sign-in page, `?error=SecondFactorExpired`: the sign-in that waited for a second factor is over. */
  signInErrorSecondFactorExpired: string;
  /** Title and heading of the page that signs in with an emailed code. */
  emailSignInTitle: string;
  /** That page before a code was asked for. */
  emailSignInIntro: string;
  /** That page after a code was asked for; `{email}` is the address (the same words whether or not an account uses it). */
  emailSignInSent: string;
  /** That page's button that signs in with the code. */
  emailSignInSubmit: string;

  /** Subject and heading of the sign-in email; `{host}` is the site's host. */
  emailSubject: string;
  /** Plain-text email: the line before the link. */
  emailOpenLink: string;
  /** The email's button. */
  emailButton: string;
  /** The email's note on the link's lifetime; `{time}` is a duration such as "24 hours". */
  emailExpires: string;
  /** The email's note for a reader who did not ask for it. */
  emailIgnore: string;

  // Passwords (`Password()`): sign-in page links, the sign-up, forgot, reset and change pages, and their emails.
  /** Sign-in page: link to the sign-up page of a `Password()` provider. */
  signInCreateAccount: string;
  /** Sign-in page: link to the "forgot your password" page. */
  signInForgotPassword: string;
  /** Sign-in page after a password reset (`?reset=1`). */
  signInPasswordChanged: string;
  /** Sign-in page, a right password for an address not confirmed yet (`code=email_unverified`). */
  signInEmailUnverified: string;
  /** Link under {@link Messages.signInEmailUnverified} to the page that emails a new link (which confirms the address). */
  signInEmailUnverifiedResend: string;
  /** Sign-in page: label of a `Password()` form's password field (the app set no labels of its own). */
  signInPasswordLabel: string;
  /** Sign-in page: the button of a `Password()` form (the app set no `name` of its own). */
  signInPasswordSubmit: string;
  /** Label of a password field (sign-up). */
  passwordLabel: string;
  /** Label of the new password field (reset, change). */
  passwordNewLabel: string;
  /** Label of the current password field (change). */
  passwordCurrentLabel: string;
  /** Under a new password field; `{minimum}` is the fewest characters allowed. */
  passwordHint: string;
  /** Refusal `PasswordTooShort`; `{minimum}` is the fewest characters allowed. */
  passwordTooShort: string;
  /** Refusal `PasswordTooLong`; `{maximum}` is the most characters allowed. */
  passwordTooLong: string;
  /** Refusal `PasswordCommon`. */
  passwordCommon: string;
  /** Refusal `PasswordBreached`: the password appears in known data breaches. */
  passwordBreached: string;
  /** Refusal `PasswordCheckUnavailable`: the breached-password service could not be asked. */
  passwordCheckUnavailable: string;
  /** Change page: the current password given was wrong. */
  passwordWrongCurrent: string;
  /** The forgot-password page, after a reset link that was used or expired. */
  passwordResetLinkUsed: string;
  /** Title, heading and the sign-up page's name. */
  signUpTitle: string;
  /** Label of the optional name field of the sign-up page. */
  signUpNameLabel: string;
  /** The sign-up page's button. */
  signUpSubmit: string;
  /** Sign-up page: link to the sign-in page. */
  signUpHaveAccount: string;
  /** Title and heading of the "forgot your password" page. */
  forgotTitle: string;
  /** The "forgot your password" page's sentence. */
  forgotIntro: string;
  /** The "forgot your password" page's button. */
  forgotSubmit: string;
  /** Title and heading of the page where a reset link leads. */
  resetTitle: string;
  /** The reset page's button. */
  resetSubmit: string;
  /** Title and heading of the "change your password" page. */
  changeTitle: string;
  /** The change page's button. */
  changeSubmit: string;
  /** "Check your email" after a sign-up (the same whether or not the address had an account). */
  verifySignUpSent: string;
  /** "Check your email" after asking for a reset link (the same whether or not the address has an account). */
  verifyResetSent: string;
  /** Subject and heading of the email confirming a new account's address; `{host}` is the site's host. */
  signUpEmailSubject: string;
  /** That email: the line before the link. */
  signUpEmailOpenLink: string;
  /** That email's button. */
  signUpEmailButton: string;
  /** That email's note for a reader who did not sign up. */
  signUpEmailIgnore: string;
  /** Subject and heading of the email to an address that already has an account when someone signs up with it; `{host}` is the site's host. */
  accountExistsEmailSubject: string;
  /** That email: what happened and the line before the reset link; `{host}` is the site's host. */
  accountExistsEmailText: string;
  /** That email's button (to the "forgot your password" page). */
  accountExistsEmailButton: string;
  /** That email's note for a reader who did not sign up. */
  accountExistsEmailIgnore: string;
  /** Subject and heading of the password reset email; `{host}` is the site's host. */
  resetEmailSubject: string;
  /** That email: the line before the link. */
  resetEmailOpenLink: string;
  /** That email's button. */
  resetEmailButton: string;
  /** That email's note for a reader who did not ask for a reset. */
  resetEmailIgnore: string;
  /** Title and heading of the "change your email address" page. */
  emailChangeTitle: string;
  /** That page's sentence: what happens next. */
  emailChangeIntro: string;
  /** Label of that page's new-address field. */
  emailChangeNewLabel: string;
  /** Label of that page's code field (users with second factors). */
  emailChangeCodeLabel: string;
  /** That page's button. */
  emailChangeSubmit: string;
  /** Refusal on that page: no fresh proof of who is asking. */
  emailChangeProof: string;
  /** "Check your email" after asking to change the address (the same whether or not the new address is free). */
  verifyEmailChangeSent: string;
  /** Sign-in page after the new address was confirmed (`?emailChanged=1`). */
  signInEmailChanged: string;
  /** Sign-in page after the change was cancelled from the old address (`?emailChangeCancelled=1`). */
  signInEmailChangeCancelled: string;
  /** Subject and heading of the email to the new address; `{host}` is the site's host. */
  emailChangeEmailSubject: string;
  /** That email: the line before the link; `{host}` is the site's host. */
  emailChangeEmailOpenLink: string;
  /** That email's button. */
  emailChangeEmailButton: string;
  /** That email's note for a reader who did not ask for the change. */
  emailChangeEmailIgnore: string;
  /** Subject and heading of the notice to the old address; `{host}` is the site's host. */
  emailChangeNoticeSubject: string;
  /** That notice: what happened and the line before the cancel link; `{host}` is the site's host. */
  emailChangeNoticeText: string;
  /** That notice's button (cancels the change). */
  emailChangeNoticeButton: string;
  /** That notice's closing note for a reader who asked for the change. */
  emailChangeNoticeIgnore: string;
  /** Title of the page a banned user's sign-in ends on (`Admin()`). */
  bannedTitle: string;
  /** That page: the account is banned, no sign-in while the ban lasts. */
  bannedMessage: string;
  /** That page: the reason the administrator gave; `{reason}` is the reason. */
  bannedReason: string;
  /** That page: when the ban ends; `{date}` is the end. */
  bannedUntil: string;
  /** Title of the page an impersonated session gets for an action only the user may take (`Admin()`). */
  impersonationRefusedTitle: string;
  /** That page: a site administrator acts as this user, and this action is the user's own. */
  impersonationRefusedMessage: string;
}

/**
 * The language chosen for a request, with the app's overrides applied: what the sign-in email is
 * written in (`SendVerificationRequestParams.language`).
 *
 * @example
 * ```ts
 * async function sendVerificationRequest({ identifier, url, language }: SendVerificationRequestParams) {
 *   await send(identifier, language?.messages.emailSubject.replace("{host}", new URL(url).host) ?? "Sign in", url)
 * }
 * ```
 */
export interface ChosenLanguage {
  /** The language's tag (`"fr"`). */
  lang: string;
  /** Its writing direction. */
  dir: "ltr" | "rtl";
  /**
   * Its sentences, English for any it lacks, the app's overrides applied. The sentences of an
   * opt-in feature (such as `Password()`) are there only when that feature is configured.
   */
  messages: Messages;
}

/** A key of {@link Messages}. */
export type MessageKey = keyof Messages;

/**
 * The keys only `Password()` shows (its pages, its emails, the sign-in page's links to them). Their
 * English is carried by the provider, not by core: see {@link FeatureMessageKey}.
 */
export type PasswordMessageKey =
  | "signInCreateAccount"
  | "signInForgotPassword"
  | "signInPasswordChanged"
  | "signInEmailUnverified"
  | "signInEmailUnverifiedResend"
  | "signInPasswordLabel"
  | "signInPasswordSubmit"
  | "passwordLabel"
  | "passwordNewLabel"
  | "passwordCurrentLabel"
  | "passwordHint"
  | "passwordTooShort"
  | "passwordTooLong"
  | "passwordCommon"
  | "passwordBreached"
  | "passwordCheckUnavailable"
  | "passwordWrongCurrent"
  | "passwordResetLinkUsed"
  | "signUpTitle"
  | "signUpNameLabel"
  | "signUpSubmit"
  | "signUpHaveAccount"
  | "forgotTitle"
  | "forgotIntro"
  | "forgotSubmit"
  | "resetTitle"
  | "resetSubmit"
  | "changeTitle"
  | "changeSubmit"
  | "verifySignUpSent"
  | "verifyResetSent"
  | "signUpEmailSubject"
  | "signUpEmailOpenLink"
  | "signUpEmailButton"
  | "signUpEmailIgnore"
  | "accountExistsEmailSubject"
  | "accountExistsEmailText"
  | "accountExistsEmailButton"
  | "accountExistsEmailIgnore"
  | "resetEmailSubject"
  | "resetEmailOpenLink"
  | "resetEmailButton"
  | "resetEmailIgnore"
  | "emailChangeTitle"
  | "emailChangeIntro"
  | "emailChangeNewLabel"
  | "emailChangeCodeLabel"
  | "emailChangeSubmit"
  | "emailChangeProof"
  | "verifyEmailChangeSent"
  | "signInEmailChanged"
  | "signInEmailChangeCancelled"
  | "emailChangeEmailSubject"
  | "emailChangeEmailOpenLink"
  | "emailChangeEmailButton"
  | "emailChangeEmailIgnore"
  | "emailChangeNoticeSubject"
  | "emailChangeNoticeText"
  | "emailChangeNoticeButton"
  | "emailChangeNoticeIgnore";

/**
 * The keys of the second factors' pages and code email (`SecondFactors()` of
 * `@latch/core/second-factors`): their English is carried by the option, not by core.
 */
export type SecondFactorMessageKey =
  | "factorsTitle"
  | "factorsIntro"
  | "factorsAppOn"
  | "factorsAppOff"
  | "factorsSetUpApp"
  | "factorsScan"
  | "factorsKey"
  | "factorsCodeLabel"
  | "factorsConfirm"
  | "factorsCancel"
  | "factorsBackupCount"
  | "factorsBackupSave"
  | "factorsNewBackup"
  | "factorsRemoveApp"
  | "factorsProofLabel"
  | "factorsEmailOn"
  | "factorsDoneEnrolled"
  | "factorsDoneRemoved"
  | "factorsDoneRegenerated"
  | "factorsErrorInvalid"
  | "factorsErrorFreshProof"
  | "factorsErrorOther"
  | "factorsContinue"
  | "emailCodeSubject"
  | "emailCodeText"
  | "wrongAnswersSubject"
  | "wrongAnswersText"
  | "secondFactorTitle"
  | "secondFactorIntro"
  | "secondFactorCodeLabel"
  | "secondFactorBackupIntro"
  | "secondFactorBackupLabel"
  | "secondFactorEmailIntro"
  | "secondFactorEmailSent"
  | "secondFactorEmailLabel"
  | "secondFactorEmailSend"
  | "secondFactorEmailAgain"
  | "secondFactorRemember"
  | "secondFactorSubmit"
  | "secondFactorWrong"
  | "secondFactorBackupUsed"
  | "secondFactorUseApp"
  | "secondFactorUseBackup"
  | "signInErrorSecondFactorExpired"
  | "emailSignInTitle"
  | "emailSignInIntro"
  | "emailSignInSent"
  | "emailSignInSubmit";

/** The keys of the API-keys page (`ApiKeys()` of `@latch/core/api-keys`): their English is carried by the option. */
export type ApiKeyMessageKey =
  | "apiKeysTitle"
  | "apiKeysIntro"
  | "apiKeysNone"
  | "apiKeysCreatedOn"
  | "apiKeysExpiresOn"
  | "apiKeysNoExpiry"
  | "apiKeysLastUsed"
  | "apiKeysNeverUsed"
  | "apiKeysScopesList"
  | "apiKeysNoScopes"
  | "apiKeysRevoke"
  | "apiKeysNewHeading"
  | "apiKeysNameLabel"
  | "apiKeysScopesLabel"
  | "apiKeysScopesHint"
  | "apiKeysExpiryLabel"
  | "apiKeysExpiryNever"
  | "apiKeysExpiryDays"
  | "apiKeysCreate"
  | "apiKeysCopyNow"
  | "apiKeysDoneRevoked"
  | "apiKeysErrorInvalid";

/**
 * The keys of the invitation mail and the organization pages (`Organizations()` of
 * `@latch/core/organizations`): their English travels with the option's code, not with core.
 */
export type OrganizationMessageKey =
  | "invitationEmailSubject"
  | "invitationEmailText"
  | "invitationEmailButton"
  | "invitationEmailExpires"
  | "invitationEmailIgnore"
  | "orgsTitle"
  | "orgsIntro"
  | "orgsNone"
  | "orgsActive"
  | "orgsYourRole"
  | "orgsSwitch"
  | "orgsNewHeading"
  | "orgsNameLabel"
  | "orgsSlugLabel"
  | "orgsSlugHint"
  | "orgsCreate"
  | "orgsMembers"
  | "orgsInvitations"
  | "orgsRoles"
  | "orgsMembersTitle"
  | "orgsYou"
  | "orgsMemberRole"
  | "orgsRoleLabel"
  | "orgsChangeRole"
  | "orgsRemove"
  | "orgsLeave"
  | "orgsInvitationsTitle"
  | "orgsEmailLabel"
  | "orgsInvite"
  | "orgsPendingNone"
  | "orgsPendingEntry"
  | "orgsResend"
  | "orgsCancel"
  | "orgsRolesTitle"
  | "orgsBuiltIn"
  | "orgsNoPermissions"
  | "orgsDeleteRole"
  | "orgsNewRole"
  | "orgsPermissionsLabel"
  | "orgsCreateRole"
  | "orgsInvitationTitle"
  | "orgsInvitationText"
  | "orgsAccept"
  | "orgsDecline"
  | "orgsDoneCreated"
  | "orgsDoneSwitched"
  | "orgsDoneLeft"
  | "orgsDoneJoined"
  | "orgsDoneDeclined"
  | "orgsDoneRemoved"
  | "orgsDoneRoleChanged"
  | "orgsDoneInvited"
  | "orgsDoneResent"
  | "orgsDoneCanceled"
  | "orgsDoneRoleCreated"
  | "orgsDoneRoleDeleted"
  | "orgsErrorDenied"
  | "orgsErrorLastOwner"
  | "orgsErrorSlugTaken"
  | "orgsErrorRoleConflict"
  | "orgsErrorInvitation"
  | "orgsErrorAnotherAddress"
  | "orgsErrorNotFound"
  | "orgsErrorInvalid"
  | "orgsSettings"
  | "orgsSettingsTitle"
  | "orgsSave"
  | "orgsTransferHeading"
  | "orgsTransferLabel"
  | "orgsTransferHint"
  | "orgsDeleteHeading"
  | "orgsDeleteHint"
  | "orgsDeleteConfirmLabel"
  | "orgsDoneUpdated"
  | "orgsDoneTransferred"
  | "orgsDoneDeleted"
  | "orgsErrorConfirm"
  | "orgsNoSettings";

/** The keys of the "your sessions" page (`SessionControl()` of `@latch/core/sessions`): their English travels with the option. */
export type SessionControlMessageKey =
  | "sessionsTitle"
  | "sessionsUnknownBrowser"
  | "sessionsThisBrowser"
  | "sessionsTimes"
  | "sessionsUnknownTime"
  | "sessionsEnd"
  | "sessionsEndOthers"
  | "sessionsEndAll";

/** The keys of the ban page and of an impersonated session's refusal (`Admin()` of `@latch/core/admin`): their English travels with the option. */
export type AdminMessageKey = "bannedTitle" | "bannedMessage" | "bannedReason" | "bannedUntil" | "impersonationRefusedTitle" | "impersonationRefusedMessage";

/**
 * The keys an opt-in feature shows, one union per feature. Their English travels with the
 * feature (its provider or option carries a loader of it), so an app without the feature does
 * not bundle it; a translated language still carries them all.
 */
export type FeatureMessageKey = PasswordMessageKey | SecondFactorMessageKey | SessionControlMessageKey | ApiKeyMessageKey | OrganizationMessageKey | AdminMessageKey;

/** The keys core's own pages and the sign-in email show: their English is always bundled. */
export type CoreMessageKey = Exclude<MessageKey, FeatureMessageKey>;

/**
 * English sentences an opt-in feature adds to every page's language while it is configured:
 * the last fallback, under the chosen language and the app's overrides.
 *
 * @example
 * ```ts
 * const passwordEnglish: FeatureEnglish<PasswordMessageKey> = { passwordLabel: "Password", ... }
 * ```
 */
export type FeatureEnglish<K extends FeatureMessageKey = FeatureMessageKey> = Readonly<Pick<Messages, K>>;

/**
 * A language the built-in pages can speak: its tag, its name in itself, its writing direction
 * and every sentence. The languages Latch ships are in `@latch/core/languages`; an app may build
 * its own.
 *
 * @example
 * ```ts
 * import fr from "@latch/core/languages/fr"
 * const config = { providers, languages: [fr] }
 * ```
 */
export interface Language {
  /** BCP 47 tag (`"fr"`, `"pt"`, `"zh"`), matched against `Accept-Language` and `locale`. */
  code: string;
  /** The language's name in itself (`"Français"`). */
  name: string;
  /** Writing direction, set as the page's `dir`. */
  dir: "ltr" | "rtl";
  /** Every sentence, translated. */
  messages: Messages;
}

/**
 * How the language of a page is chosen: a fixed tag, or a function of the request that returns a
 * tag (or `undefined` to let `Accept-Language` decide). A tag that no configured language
 * matches gives English.
 *
 * @example
 * ```ts
 * const locale: LocaleOption = (request) => /(?:^|;\s*)lang=([\w-]+)/.exec(request.headers.get("cookie") ?? "")?.[1]
 * ```
 */
export type LocaleOption = string | ((request: Request) => string | undefined | Promise<string | undefined>);

/**
 * Per-language changes to the sentences, by language tag and key: `{ en: { signInTitle: "Log in" } }`.
 * Keys not given keep the language's own sentence.
 *
 * @example
 * ```ts
 * const messages: MessageOverrides = { en: { signInTitle: "Log in" }, fr: { signInTitle: "Connexion" } }
 * ```
 */
export type MessageOverrides = Readonly<Record<string, Partial<Messages>>>;
