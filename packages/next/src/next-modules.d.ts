// Next.js's bundler resolves (and aliases) "next/headers", "next/navigation" and "next/server"
// only under these exact names, so the sources import them without an extension; these
// declarations give NodeNext type resolution the files the names stand for.
declare module "next/headers" {
  export * from "next/headers.js";
}
declare module "next/navigation" {
  export * from "next/navigation.js";
}
declare module "next/server" {
  export * from "next/server.js";
}
