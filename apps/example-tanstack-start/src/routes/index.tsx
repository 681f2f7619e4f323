// The session in a server-rendered page (from the loader's server function), and in the browser (useSession).
import { signIn, signOut, useSession } from "@latch/tanstack-start/react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { fetchUserName, signOutHere } from "../session";

export const Route = createFileRoute("/")({
  loader: () => fetchUserName(),
  component: Home,
});

function ClientSession() {
  const { data, status } = useSession();
  if (status === "loading") return <p id="client-status">loading</p>;
  return <p id="client-status">{data?.user ? `In the browser: ${data.user.name}` : "In the browser: signed out"}</p>;
}

function Home() {
  const name = Route.useLoaderData();
  return (
    <main>
      {name !== null ? (
        <>
          <p id="hello">Hello {name}</p>
          <a href="/auth/signout">Sign out</a>
          <form method="post" action={signOutHere.url}>
            <button id="form-signout" type="submit">Sign out here</button>
          </form>
          <button id="client-signout" type="button" onClick={() => signOut({ redirectTo: "/" })}>Sign out in the browser</button>
        </>
      ) : (
        <>
          <a id="signin" href="/auth/signin">Sign in</a>
          <button id="client-signin" type="button" onClick={() => signIn("demo-oidc", { redirectTo: "/dashboard" })}>Sign in with the OpenID Provider</button>
        </>
      )}
      <ClientSession />
      <Link id="to-dashboard" to="/dashboard">Your dashboard</Link>
    </main>
  );
}
