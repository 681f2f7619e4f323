// The app's own sign-in form posts here: a server-side sign-in with the credentials it carries.
import { signIn } from "@latch/nuxt/server";

export default defineEventHandler(async (event) => {
  const form = await readFormData(event);
  return signIn(event, "credentials", { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? ""), redirectTo: "/dashboard" });
});
