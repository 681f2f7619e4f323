import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** A scalar field of a model: its name in the client and its column in the database (`@map`). */
export interface PrismaField {
  name: string;
  column: string;
}

/** A model of a Prisma schema: its name in the client, its table (`@@map`) and its scalar fields. */
export interface PrismaModelShape {
  name: string;
  table: string;
  fields: PrismaField[];
}

/** What a schema holds: its datasource's provider and its models by name. */
export interface PrismaSchemaShape {
  provider?: string;
  models: Map<string, PrismaModelShape>;
}

const quoted = /^\s*\(\s*(?:name:\s*)?"([^"]+)"/;

/** The text of one schema file without its comments (`//` to the end of the line, outside strings). */
function withoutComments(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"|\/\/.*$/gm, (match) => (match.startsWith('"') ? match : ""));
}

/**
 * The models of Prisma schema text (one file, or the files of a multi-file schema joined):
 * relation fields are left out, since no column holds them; a list of scalars (PostgreSQL's
 * `String[]`) is a column and stays.
 */
export function parsePrismaSchema(text: string): PrismaSchemaShape {
  const source = withoutComments(text);
  const blocks = [...source.matchAll(/^\s*model\s+(\w+)\s*\{([\s\S]*?)^\s*\}/gm)];
  const names = new Set(blocks.map(([, name]) => name!));
  const enums = new Set([...source.matchAll(/^\s*enum\s+(\w+)\s*\{/gm)].map(([, name]) => name!));
  const models = new Map<string, PrismaModelShape>();
  for (const [, name, body] of blocks) {
    const fields: PrismaField[] = [];
    let table = name!;
    for (const line of body!.split("\n").map((l) => l.trim())) {
      if (line.startsWith("@@map")) table = quoted.exec(line.slice(5))?.[1] ?? table;
      const field = /^(\w+)\s+(\w+)(\?|\[\])?(.*)$/.exec(line);
      if (!field) continue;
      const [, fieldName, type, , attributes] = field;
      if (names.has(type!) && !enums.has(type!)) continue;
      const map = /@map/.exec(attributes!);
      fields.push({ name: fieldName!, column: (map && quoted.exec(attributes!.slice(map.index + 4))?.[1]) ?? fieldName! });
    }
    models.set(name!, { name: name!, table, fields });
  }
  const provider = /datasource\s+\w+\s*\{[^}]*?provider\s*=\s*"(\w+)"/.exec(source)?.[1];
  return { provider, models };
}

/**
 * The app's Prisma schema under `cwd`, where Prisma looks when `prisma.config.ts` does not say
 * otherwise: `prisma/schema.prisma`, or the `.prisma` files of `prisma/schema/` (a multi-file
 * schema), or `schema.prisma`. `undefined` when there is none.
 */
export function findAppSchema(cwd: string, given?: string): { path: string; text: string } | undefined {
  const candidates = given ? [join(cwd, given)] : [join(cwd, "prisma", "schema.prisma"), join(cwd, "prisma", "schema"), join(cwd, "schema.prisma")];
  for (const path of candidates) {
    if (!existsSync(path)) continue;
    if (!statSync(path).isDirectory()) return { path, text: readFileSync(path, "utf8") };
    const files = readdirSync(path, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".prisma")).sort();
    if (files.length) return { path, text: files.map((file) => readFileSync(join(path, file), "utf8")).join("\n") };
  }
  return undefined;
}

/** A model or field of `latch` that `app` lacks: `ApiKey` (a model) or `Session.lastSeenAt` (a field). */
export interface MissingPart {
  model: string;
  /** The field, or `undefined` when the whole model is missing. */
  field?: string;
}

/** The models and fields of `latch` (the adapter's schema) that `app` does not declare, by name. */
export function missingFromSchema(latch: PrismaSchemaShape, app: PrismaSchemaShape): MissingPart[] {
  const missing: MissingPart[] = [];
  for (const model of latch.models.values()) {
    const own = app.models.get(model.name);
    if (!own) {
      missing.push({ model: model.name });
      continue;
    }
    const declared = new Set(own.fields.map((field) => field.name));
    for (const field of model.fields) if (!declared.has(field.name)) missing.push({ model: model.name, field: field.name });
  }
  return missing;
}

/** `Model` or `Model.field`. */
export function partName(part: MissingPart): string {
  return part.field ? `${part.model}.${part.field}` : part.model;
}
