// A protected page: requireSession sends a visitor without a session to the sign-in page.
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { requireSession } from "../auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireSession(request);
  return { name: session.user?.name ?? session.user?.email ?? "" };
}

export default function Dashboard() {
  const { name } = useLoaderData<typeof loader>();
  return <h1 id="dashboard">Your dashboard, {name}</h1>;
}
