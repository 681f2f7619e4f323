// The app's own sign-in form, posted to a server function that calls Latch's server-side signIn.
import { signInAction } from "../lib/session.js";

export default function Login() {
  return (
    <form id="login" method="post" action={signInAction}>
      <input name="email" type="email" placeholder="Email" />
      <input name="password" type="password" placeholder="Password" />
      <button type="submit">Sign in</button>
    </form>
  );
}
