import type { GetServerSideProps } from "next";
import { auth } from "@/auth";

interface Props {
  name: string | null;
}

// A Pages Router page: auth(context) in getServerSideProps.
export const getServerSideProps: GetServerSideProps<Props> = async (context) => {
  const session = await auth(context);
  return { props: { name: session?.user?.name ?? null } };
};

export default function Profile({ name }: Props) {
  return (
    <main style={{ fontFamily: "system-ui, sans-serif" }}>
      <h1>Profile (Pages Router)</h1>
      <p id="profile-user">{name ?? "Not signed in"}</p>
    </main>
  );
}
