import { auth } from "@/auth";

export default async function Home() {
  const session = await auth();
  return (
    <main>
      <h1>Latch on Next.js</h1>
      <p id="home-status">{session?.user ? `Signed in as ${session.user.name ?? session.user.email}` : "Not signed in"}</p>
      <p>
        <a href="/dashboard">Go to the dashboard</a> (protected by <code>proxy.ts</code>).
      </p>
    </main>
  );
}
