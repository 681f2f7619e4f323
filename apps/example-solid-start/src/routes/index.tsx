// The session in a server-rendered page (the currentUser query), sign-in and sign-out from the
// browser (@latch/solid-start/client), and the app's own sign-out form (a server-side signOut).
// Links to Latch's pages are rel="external": they are served by the API route, not by the router.
import { signIn, signOut } from "@latch/solid-start/client";
import { createAsync } from "@solidjs/router";
import { Show } from "solid-js";
import { currentUser, signOutAction } from "../lib/session.js";

export default function Home() {
  const name = createAsync(() => currentUser());
  return (
    <main>
      <Show
        when={name() != null}
        fallback={
          <>
            <a id="signin" href="/auth/signin" rel="external">Sign in</a>
            <button id="client-signin" type="button" onClick={() => signIn("demo-oidc", { prefix: "/auth", redirectTo: "/dashboard" })}>
              Sign in with the OpenID Provider
            </button>
          </>
        }
      >
        <p id="hello">{`Hello ${name()}`}</p>
        <a href="/auth/signout" rel="external">Sign out</a>
        <form method="post" action={signOutAction}>
          <button id="form-signout" type="submit">Sign out here</button>
        </form>
        <button id="client-signout" type="button" onClick={() => signOut({ prefix: "/auth", redirectTo: "/" })}>
          Sign out in the browser
        </button>
      </Show>
    </main>
  );
}
