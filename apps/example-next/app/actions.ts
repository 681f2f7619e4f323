"use server";
import { AuthError } from "@latch/next";
import { redirect } from "next/navigation";
import { signIn, signOut, unstable_update } from "@/auth";

/** Where a sign-in may send the user back to: a path of this site, else the dashboard. */
function localPath(value: FormDataEntryValue | null): string {
  const path = typeof value === "string" ? value : "";
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : "/dashboard";
}

/** The credentials form: signs in, or comes back to the form with the error's type and code. */
export async function signInWithPassword(formData: FormData) {
  const redirectTo = localPath(formData.get("redirectTo"));
  try {
    await signIn("credentials", { email: formData.get("email"), password: formData.get("password"), redirectTo });
  } catch (error) {
    if (error instanceof AuthError) {
      const code = "code" in error && typeof error.code === "string" ? error.code : "";
      redirect(`/signin?${new URLSearchParams({ error: error.type, code, callbackUrl: redirectTo })}`);
    }
    throw error; // Next.js's redirect() travels as an error
  }
}

/** Signs in with the demo OpenID Provider. */
export async function signInWithDemoOidc(formData: FormData) {
  await signIn("demo-oidc", { redirectTo: localPath(formData.get("redirectTo")) });
}

/** Signs out and goes home. */
export async function signOutAction() {
  await signOut({ redirectTo: "/" });
}

/** Renames the user through unstable_update. */
export async function rename(formData: FormData) {
  const name = formData.get("name");
  if (typeof name === "string") await unstable_update({ user: { name } });
  redirect("/dashboard");
}
