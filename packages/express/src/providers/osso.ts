/** `@latch/core/providers/osso`, also at `@latch/express/providers/osso` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/osso";
export { default } from "@latch/core/providers/osso";
