// Sign-out from the app's own form: a server-side signOut in a server route's POST handler.
import { createFileRoute } from "@tanstack/react-router";
import { signOut } from "../auth";

export const Route = createFileRoute("/signout")({
  server: { handlers: { POST: ({ request }) => signOut(request, { redirectTo: "/" }) } },
});
