import { auth, signIn } from "@/auth";
import { ClientSignIn } from "./client-sign-in";

export default async function Home() {
  const session = await auth();
  return (
    <main>
      <h1>next-auth@5 app</h1>
      <p id="home-status">{session?.user ? `Signed in as ${session.user.name}` : "Not signed in"}</p>
      <form
        action={async () => {
          "use server";
          await signIn();
        }}
      >
        <button type="submit" id="to-signin">Sign in</button>
      </form>
      <ClientSignIn />
    </main>
  );
}
