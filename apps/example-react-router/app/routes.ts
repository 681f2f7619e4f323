import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("signout", "routes/signout.ts"),
  // Latch's routes: sign-in, callbacks, session, sign-out, under the config's basePath.
  route("auth/*", "routes/auth.ts"),
] satisfies RouteConfig;
