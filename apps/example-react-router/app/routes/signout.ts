// Sign-out from the app's own form (a server-side signOut in an action).
import type { ActionFunctionArgs } from "react-router";
import { signOut } from "../auth.server";

export function action(args: ActionFunctionArgs) {
  return signOut(args, { redirectTo: "/" });
}
