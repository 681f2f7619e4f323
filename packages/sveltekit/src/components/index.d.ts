import type { Component, Snippet } from "svelte";
import type { HTMLFormAttributes } from "svelte/elements";

/** Props of {@link SignIn}. */
export interface SignInProps extends Omit<HTMLFormAttributes, "action" | "method"> {
  /** The provider's id; empty: the form opens the sign-in page. */
  provider?: string;
  /** The route (under SvelteKit's `base`) whose default form action is `signIn`. Default `"signin"`. */
  signInPage?: string;
  /** `redirectTo` (default: the page the form is on), `redirect`, and other fields to post. */
  options?: FormData | Record<string, unknown>;
  /** Added to the provider's authorization URL. */
  authorizationParams?: string | string[][] | Record<string, string> | URLSearchParams;
  /** Extra class names (also `class`). */
  className?: string;
  /** The button's content. */
  submitButton?: Snippet;
  /** The fields of a credentials provider. */
  credentials?: Snippet;
  /** Replaces the email field of an email provider. */
  email?: Snippet;
}

/** Props of {@link SignOut}. */
export interface SignOutProps extends Omit<HTMLFormAttributes, "action" | "method"> {
  /** The route (under SvelteKit's `base`) whose default form action is `signOut`. Default `"signout"`. */
  signOutPage?: string;
  /** `redirectTo` (default: the page the form is on) and `redirect`. */
  options?: { redirectTo?: string; redirect?: boolean };
  /** Extra class names (also `class`). */
  className?: string;
  /** The button's content. */
  submitButton?: Snippet;
}

/**
 * A sign-in form for one provider, posting to the `signIn` form action.
 *
 * @example
 * ```svelte
 * <SignIn provider="credentials">
 *   {#snippet credentials()}<input name="username" /><input name="password" type="password" />{/snippet}
 * </SignIn>
 * ```
 */
export declare const SignIn: Component<SignInProps>;

/**
 * A sign-out button, posting to the `signOut` form action.
 *
 * @example
 * ```svelte
 * <SignOut options={{ redirectTo: "/" }} />
 * ```
 */
export declare const SignOut: Component<SignOutProps>;
