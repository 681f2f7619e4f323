import Credentials from "@latch/core/providers/credentials";

/** The test's one password account: ada@example.com, "correct horse". */
export const adaCredentials = () =>
  Credentials({
    credentials: { email: {}, password: {} },
    authorize: ({ email, password }) => (email === "ada@example.com" && password === "correct horse" ? { id: "1", name: "Ada", email: "ada@example.com" } : null),
  });
