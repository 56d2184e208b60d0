// Write static/vendor/codemirror.LICENSE: the license text of every package in the bundle.
import { readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";

const seen = new Set();
const parts = [];
const bundled = ["crelt", "style-mod", "w3c-keyname", "@marijn/find-cluster-break"];
for (const dir of ["node_modules/@codemirror", "node_modules/@lezer", "node_modules/@marijn"]) {
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir)) bundled.push(`${dir.replace("node_modules/", "")}/${name}`);
}
for (const name of bundled) {
  const dir = join("node_modules", name);
  if (seen.has(dir) || !existsSync(dir)) continue;
  seen.add(dir);
  const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  parts.push(`== ${pkg.name} ${pkg.version} (${pkg.license}) ==\n\n${file ? readFileSync(join(dir, file), "utf8").trim() : "(no license file in the package)"}\n`);
}
writeFileSync("../../static/vendor/codemirror.LICENSE", parts.join("\n"));
console.log(`licenses of ${parts.length} packages written`);
