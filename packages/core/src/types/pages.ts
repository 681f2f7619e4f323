/** Paths of your own pages, replacing the built-in ones. */
export interface PagesOptions {
  signIn?: string;
  signOut?: string;
  /** Receives `?error=<code>`. */
  error?: string;
  verifyRequest?: string;
  /** Where a user goes after first sign-in, with `?callbackUrl=`. */
  newUser?: string;
}
