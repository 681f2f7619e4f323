import { SvelteKitAuth } from "@auth/sveltekit";
import Credentials from "@auth/sveltekit/providers/credentials";

export const { handle, signIn, signOut } = SvelteKitAuth({
  providers: [
    Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize: async (credentials) =>
        credentials.username === "ada" && credentials.password === "lovelace" ? { id: "ada", name: "Ada Lovelace", email: "ada@example.com" } : null,
    }),
  ],
});
