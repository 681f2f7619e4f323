import { SessionProvider } from "@latch/tanstack-start/react";
import { createRootRoute, HeadContent, Outlet, Scripts } from "@tanstack/react-router";
import type { ReactNode } from "react";

export const Route = createRootRoute({
  head: () => ({ meta: [{ charSet: "utf-8" }, { title: "Latch on TanStack Start" }] }),
  component: Root,
});

// useSession reads the session of /auth/session in the browser.
function Root() {
  return (
    <Document>
      <SessionProvider basePath="/auth">
        <Outlet />
      </SessionProvider>
    </Document>
  );
}

function Document({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}
