"use client";
import { signOut, useSession } from "next-auth/react";

export function Client() {
  const { data: session, status } = useSession();
  return (
    <section>
      <p>
        useSession: <span id="client-status">{status}</span> <span id="client-user">{session?.user?.name ?? ""}</span>
      </p>
      <button type="button" id="signout" onClick={() => signOut({ redirectTo: "/" })}>
        Sign out
      </button>
    </section>
  );
}
