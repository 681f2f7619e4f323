import { SessionProvider } from "@latch/react-router/react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>Latch on React Router</title>
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

// useSession reads the session of /auth/session in the browser.
export default function App() {
  return (
    <SessionProvider basePath="/auth">
      <Outlet />
    </SessionProvider>
  );
}
