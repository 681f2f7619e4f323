"use client";
import { signOut, useSession } from "@latch/next/react";

/** The session as the browser sees it, through useSession. */
export function ClientSession() {
  const { data: session, status, update } = useSession({ required: true });
  return (
    <section>
      <p>
        useSession: <span id="client-status">{status}</span> <strong id="client-user">{session?.user?.name ?? ""}</strong>
      </p>
      <button type="button" id="client-refresh" onClick={() => update()}>
        Refetch the session
      </button>{" "}
      <button type="button" id="client-rename" onClick={() => update({ user: { name: "Ada from the browser" } })}>
        Rename from the browser (update)
      </button>{" "}
      <button type="button" id="client-signout" onClick={() => signOut({ redirectTo: "/" })}>
        Sign out from the browser
      </button>
    </section>
  );
}
