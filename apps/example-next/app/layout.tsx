import type { ReactNode } from "react";
import { SessionProvider } from "@latch/next/react";
import { auth } from "@/auth";

export const metadata = { title: "Latch on Next.js" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", maxWidth: 640, margin: "2rem auto", padding: "0 1rem" }}>
        <nav style={{ display: "flex", gap: "1rem", marginBottom: "1.5rem" }}>
          <a href="/">Home</a>
          <a href="/dashboard">Dashboard</a>
          <a href="/organizations">Organizations</a>
          <a href="/api/whoami">API route</a>
        </nav>
        <SessionProvider session={session}>{children}</SessionProvider>
      </body>
    </html>
  );
}
