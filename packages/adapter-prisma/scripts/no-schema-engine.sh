#!/bin/sh
# Not Prisma's schema engine: a stand-in that `scripts/generate.mjs` names in
# PRISMA_SCHEMA_ENGINE_BINARY so that `prisma generate` (which never runs the schema engine; the
# client is built by WebAssembly shipped in the npm package) does not try to download the native
# engine first. Anything that really needs the engine (`prisma migrate`, `prisma db`) fails here
# with this message instead.
echo "The native Prisma schema engine is not installed here; apply prisma/<provider>/migrations with your own tooling or install the engine." >&2
exit 1
