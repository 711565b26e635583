// CI: server.json, the MCP Registry listing, validated against the registry's schema (the copy in
// schemas/server.schema.json, see schemas/README.md) and held to what it describes: its name is
// package.json's mcpName, every version is the package's, the npm package is this package, the
// mcpb package's variables are exactly manifest.json's (required, secret, default), and a packed
// .mcpb's SHA-256 (invoicing-mcp.server.json, written by `npm run pack:mcpb`) is that file's.
// With --reproducible it also packs the .mcpb twice and compares the bytes.
// Prints one line; exits non-zero on any disagreement.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";

const root = fileURLToPath(new URL("..", import.meta.url));
const read = (file) => JSON.parse(readFileSync(join(root, file), "utf8"));

/** What is wrong with `server` (server.json's content); an empty list when nothing is. */
export function serverJsonProblems(server = read("server.json")) {
  const schema = read("schemas/server.schema.json");
  const pkg = read("package.json");
  const manifest = read("manifest.json");
  const problems = [];

  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const validate = ajv.compile(schema);
  if (!validate(server)) {
    for (const error of validate.errors ?? [])
      problems.push(`schema: ${error.instancePath || "/"} ${error.message}`);
  }
  if (server.$schema !== schema.$id) problems.push(`$schema is ${server.$schema}, the copy is ${schema.$id}`);
  if (server.name !== pkg.mcpName)
    problems.push(`name ${server.name} is not package.json's mcpName ${pkg.mcpName}`);
  if (server.version !== pkg.version)
    problems.push(`version ${server.version} is not package.json's ${pkg.version}`);
  if (manifest.version !== pkg.version)
    problems.push(`manifest.json's version ${manifest.version} is not ${pkg.version}`);

  const packages = server.packages ?? [];
  const npm = packages.find((p) => p.registryType === "npm");
  const mcpb = packages.find((p) => p.registryType === "mcpb");
  if (!npm) problems.push("no npm package");
  if (!mcpb) problems.push("no mcpb package");
  for (const p of packages) {
    if (p.version !== pkg.version)
      problems.push(`${p.registryType} package version ${p.version} is not ${pkg.version}`);
  }
  if (npm && npm.identifier !== pkg.name)
    problems.push(`npm identifier ${npm.identifier} is not ${pkg.name}`);
  if (mcpb && !mcpb.identifier.includes(`/v${pkg.version}/`)) {
    problems.push(`mcpb identifier ${mcpb.identifier} is not the v${pkg.version} release`);
  }

  // The .mcpb's variables are what manifest.json's mcp_config sets, from its user_config.
  if (mcpb) {
    const expected = Object.entries(manifest.server.mcp_config.env).map(([name, value]) => {
      const key = /^\$\{user_config\.(\w+)\}$/.exec(value)?.[1];
      const option = manifest.user_config[key] ?? {};
      return {
        name,
        isRequired: option.required === true,
        isSecret: option.sensitive === true,
        default: option.default === undefined ? undefined : String(option.default),
      };
    });
    const listed = (mcpb.environmentVariables ?? []).map((v) => ({
      name: v.name,
      isRequired: v.isRequired === true,
      isSecret: v.isSecret === true,
      default: v.default,
    }));
    if (JSON.stringify(listed) !== JSON.stringify(expected)) {
      problems.push(
        `mcpb variables ${JSON.stringify(listed)} are not manifest.json's ${JSON.stringify(expected)}`,
      );
    }
  }
  // Every variable the npm package lists means the same in the .mcpb, and has a description.
  for (const p of packages) {
    for (const v of p.environmentVariables ?? []) {
      if (!v.description) problems.push(`${p.registryType}: ${v.name} has no description`);
      const twin = mcpb?.environmentVariables?.find((m) => m.name === v.name);
      if (twin && JSON.stringify(twin) !== JSON.stringify(v)) {
        problems.push(`${v.name} differs between the npm and the mcpb package`);
      }
    }
  }
  problems.push(...remoteProblems(server.remotes ?? []));
  return problems;
}

/**
 * The hosted endpoint (`invoicing-mcp serve`) as a remote: Streamable HTTP at a template URL the
 * operator fills in, ending in /mcp as serve does, every {variable} of the URL and of the header
 * values defined, and the bearer token asked for as a secret.
 */
function remoteProblems(remotes) {
  const problems = [];
  if (remotes.length !== 1) problems.push(`${remotes.length} remotes, expected the one hosted endpoint`);
  const undefinedIn = (text, variables) =>
    [...text.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).filter((name) => !(name in (variables ?? {})));
  for (const remote of remotes) {
    if (remote.type !== "streamable-http")
      problems.push(`remote ${remote.url} is ${remote.type}, not streamable-http`);
    if (!/^https:\/\/.+\/mcp$/.test(remote.url)) problems.push(`remote ${remote.url} is not https://…/mcp`);
    for (const name of undefinedIn(remote.url, remote.variables))
      problems.push(`remote ${remote.url}: {${name}} is not among its variables`);
    const auth = (remote.headers ?? []).find((h) => h.name === "Authorization");
    if (!auth?.isRequired || !auth.isSecret)
      problems.push(`remote ${remote.url}: no required, secret Authorization header`);
    for (const header of remote.headers ?? [])
      for (const name of undefinedIn(header.value ?? "", header.variables))
        problems.push(`remote header ${header.name}: {${name}} is not among its variables`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = serverJsonProblems();
  const said = [];
  const published = join(root, "invoicing-mcp.server.json");
  const mcpbFile = join(root, "invoicing-mcp.mcpb");
  if (existsSync(published) && existsSync(mcpbFile)) {
    const server = JSON.parse(readFileSync(published, "utf8"));
    problems.push(...serverJsonProblems(server).map((p) => `invoicing-mcp.server.json: ${p}`));
    const sha = createHash("sha256").update(readFileSync(mcpbFile)).digest("hex");
    const listed = server.packages.find((p) => p.registryType === "mcpb")?.fileSha256;
    if (listed !== sha)
      problems.push(`invoicing-mcp.server.json's fileSha256 ${listed} is not the .mcpb's ${sha}`);
    else said.push(`fileSha256 ${sha.slice(0, 12)}… is invoicing-mcp.mcpb's`);
  }
  if (process.argv.includes("--reproducible")) {
    const { packMcpb } = await import("./pack-mcpb.mjs");
    const dir = mkdtempSync(join(tmpdir(), "invoicing-mcpb-twice-"));
    try {
      const first = await packMcpb(join(dir, "first.mcpb"), { quiet: true });
      const second = await packMcpb(join(dir, "second.mcpb"), { quiet: true });
      if (first !== second) problems.push(`two packs in a row differ: ${first} and ${second}`);
      else said.push(`two packs gave identical bytes (${first.slice(0, 12)}…)`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (problems.length > 0) {
    console.error(`server.json: FAILED:\n  - ${problems.join("\n  - ")}`);
    process.exitCode = 1;
  } else {
    const server = read("server.json");
    console.log(
      `server.json: ${server.name} ${server.version} valid against schemas/server.schema.json (${read("schemas/server.schema.json").$id}); ` +
        `name, versions and ${server.packages.map((p) => `${p.registryType} (${p.environmentVariables.length} variables)`).join(", ")} agree with package.json and manifest.json` +
        (said.length > 0 ? `; ${said.join("; ")}` : ""),
    );
  }
}
