import { auth } from "@/auth";
import { Client } from "./client";

export default async function Dashboard() {
  const session = await auth();
  return (
    <main>
      <h1>Dashboard</h1>
      <p>
        <strong id="server-user">{session?.user?.name}</strong> (<span id="server-role">{session?.user.role}</span>)
      </p>
      <Client />
    </main>
  );
}
