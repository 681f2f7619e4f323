import { auth } from "@/auth";
import { rename, signOutAction } from "../actions";
import { ClientSession } from "./client-session";

export default async function Dashboard() {
  // proxy.ts lets only signed-in users here; auth() reads the same session in this Server Component.
  const session = await auth();
  return (
    <main>
      <h1>Dashboard</h1>
      <p>
        Server Component: <strong id="server-user">{session?.user?.name ?? "nobody"}</strong> ({session?.user?.email})
      </p>
      <ClientSession />
      <form action={rename} style={{ marginTop: "1rem" }}>
        <input name="name" aria-label="New name" placeholder="New name" />
        <button type="submit" id="rename">Rename (unstable_update)</button>
      </form>
      <form action={signOutAction} style={{ marginTop: "1rem" }}>
        <button type="submit" id="signout">Sign out</button>
      </form>
    </main>
  );
}
