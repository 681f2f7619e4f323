import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** Where the virtual fixture files live: beside this module, so that imports resolve as in a test of this package. */
const virtualDir = fileURLToPath(new URL("./__virtual__/", import.meta.url));

const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
  customConditions: ["source"],
  skipLibCheck: true,
  types: ["node"],
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
};

/** One diagnostic: its code (`TS2339` as 2339) and its message. */
export interface Diagnostic {
  code: number;
  message: string;
}

/**
 * Type-checks `source` as one module of a program of its own (so that its module augmentations
 * reach nothing else), with the repository's packages resolved from their sources. Returns the
 * diagnostics of that module only.
 */
export function compile(name: string, source: string): Diagnostic[] {
  const file = `${virtualDir}${name}.ts`;
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (path, language, onError, create) =>
    path === file ? ts.createSourceFile(path, source, language) : getSourceFile(path, language, onError, create);
  host.fileExists = (path) => path === file || existsSync(path);
  host.readFile = (path) => (path === file ? source : existsSync(path) ? readFileSync(path, "utf8") : undefined);
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ({ code: d.code, message: ts.flattenDiagnosticMessageText(d.messageText, "\n") }));
}
