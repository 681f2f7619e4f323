// The resource route serving Latch at /auth/*: GET through the loader, POST through the action.
export { action, loader } from "../auth.server";
