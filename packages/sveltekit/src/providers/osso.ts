/** `@latch/core/providers/osso`, also at `@latch/sveltekit/providers/osso` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/osso";
export { default } from "@latch/core/providers/osso";
