// The session in a server-rendered page (from the loader), and in the browser (useSession).
import { signIn, signOut, useSession } from "@latch/react-router/react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { getSession } from "../auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  return { name: session?.user ? (session.user.name ?? session.user.email ?? "") : null };
}

function ClientSession() {
  const { data, status } = useSession();
  if (status === "loading") return <p id="client-status">loading</p>;
  return <p id="client-status">{data?.user ? `In the browser: ${data.user.name}` : "In the browser: signed out"}</p>;
}

export default function Home() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <main>
      {name !== null ? (
        <>
          <p id="hello">Hello {name}</p>
          <a href="/auth/signout">Sign out</a>
          <form method="post" action="/signout">
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
    </main>
  );
}
