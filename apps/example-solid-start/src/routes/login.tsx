// The app's own sign-in form, posted to a server function that calls Latch's server-side signIn;
// and the same fields signed in from the browser (@latch/solid-start/client, `redirect: false`).
import { signIn } from "@latch/solid-start/client";
import { createSignal } from "solid-js";
import { signInAction } from "../lib/session.js";

export default function Login() {
  const [result, setResult] = createSignal("");
  let form!: HTMLFormElement;
  async function signInHere() {
    const fields = new FormData(form);
    const answer = await signIn("credentials", { prefix: "/auth", email: String(fields.get("email")), password: String(fields.get("password")), redirect: false });
    setResult(answer.ok ? "signed in" : `refused: ${answer.error}`);
  }
  return (
    <>
      <form id="login" ref={form} method="post" action={signInAction}>
        <input name="email" type="email" placeholder="Email" />
        <input name="password" type="password" placeholder="Password" />
        <button type="submit">Sign in</button>
        <button id="client-credentials" type="button" onClick={signInHere}>Sign in from the browser</button>
      </form>
      <p id="client-result">{result()}</p>
    </>
  );
}
