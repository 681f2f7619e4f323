"use client";
import { useState } from "react";
import { signIn } from "next-auth/react";

/** Credentials sign-in from the browser, without leaving the page on failure. */
export function ClientSignIn() {
  const [error, setError] = useState("");
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const result = await signIn("credentials", { email: form.get("email"), password: form.get("password"), redirect: false });
        if (result?.error) setError(`${result.error} (${result.code})`);
        else window.location.href = "/dashboard";
      }}
    >
      <input name="email" aria-label="Email" defaultValue="grace@example.com" />
      <input name="password" aria-label="Password" type="password" />
      <button type="submit" id="client-signin">Sign in here</button>
      <p id="client-error">{error}</p>
    </form>
  );
}
