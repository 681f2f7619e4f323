// The server route serving Latch at /auth/*: sign-in, callbacks, session, sign-out.
import { createFileRoute } from "@tanstack/react-router";
import { handlers } from "../../auth";

export const Route = createFileRoute("/auth/$")({ server: { handlers } });
