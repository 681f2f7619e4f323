// A protected page: its beforeLoad guard sends a visitor without a session to the sign-in page.
import { createFileRoute } from "@tanstack/react-router";
import { requireUserName } from "../session";

export const Route = createFileRoute("/dashboard")({
  beforeLoad: async ({ location }) => ({ name: await requireUserName({ data: location.href }) }),
  loader: ({ context }) => context.name,
  component: Dashboard,
});

function Dashboard() {
  return <h1 id="dashboard">Your dashboard, {Route.useLoaderData()}</h1>;
}
