/** `@latch/core/providers/digitalocean`, also at `@latch/express/providers/digitalocean` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/digitalocean";
export { default } from "@latch/core/providers/digitalocean";
