// A protected page: src/middleware.ts lets only a signed-in visitor through.
import { createAsync } from "@solidjs/router";
import { currentUser } from "../lib/session.js";

export default function Dashboard() {
  const name = createAsync(() => currentUser());
  return <h1 id="dashboard">{`Your dashboard, ${name() ?? ""}`}</h1>;
}
