import { signInWithDemoOidc, signInWithPassword } from "../actions";

const messages: Record<string, string> = {
  CredentialsSignin: "Wrong email or password.",
  OAuthAccountNotLinked: "That account is linked to another user.",
};

function callbackPath(callbackUrl: string | undefined): string {
  if (!callbackUrl) return "/dashboard";
  try {
    const url = new URL(callbackUrl, "http://local.invalid");
    return `${url.pathname}${url.search}`;
  } catch {
    return "/dashboard";
  }
}

export default async function SignIn({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { error, callbackUrl } = await searchParams;
  const redirectTo = callbackPath(callbackUrl);
  return (
    <main>
      <h1>Sign in</h1>
      {error ? (
        <p role="alert" id="signin-error" style={{ color: "#b00020" }}>
          {messages[error] ?? "Sign-in failed."}
        </p>
      ) : null}
      <form action={signInWithPassword} style={{ display: "grid", gap: "0.5rem", maxWidth: 320 }}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <label>
          Email <input name="email" type="email" autoComplete="username" defaultValue="ada@example.com" required />
        </label>
        <label>
          Password <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <button type="submit" id="signin-password">Sign in with password</button>
      </form>
      {process.env.AUTH_DEMO_OIDC_ISSUER ? (
        <form action={signInWithDemoOidc} style={{ marginTop: "1rem" }}>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" id="signin-oidc">Sign in with Demo OpenID</button>
        </form>
      ) : null}
      <p>The example user is <code>ada@example.com</code> / <code>correct horse</code>.</p>
    </main>
  );
}
