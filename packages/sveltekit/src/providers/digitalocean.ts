/** `@latch/core/providers/digitalocean`, also at `@latch/sveltekit/providers/digitalocean` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/digitalocean";
export { default } from "@latch/core/providers/digitalocean";
