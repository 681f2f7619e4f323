"use client";
import { switchOrganization, useSession } from "@latch/next/react";

/** The active organization's slug as useSession sees it: it changes as soon as a switch answers. */
export function ActiveOrganization() {
  const { data: session } = useSession();
  return <>{session?.organization?.slug ?? "none"}</>;
}

/** Makes the organization active from the browser (`switchOrganization`), which refreshes useSession. */
export function SwitchButton({ id, slug }: { id: string; slug: string }) {
  const { data: session } = useSession();
  if (session?.organization?.id === id) return <em>active</em>;
  return (
    <button type="button" data-switch={slug} onClick={() => void switchOrganization(id)}>
      Make active
    </button>
  );
}
