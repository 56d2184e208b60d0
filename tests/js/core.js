// The Python core's answers for the node tests, written by tests/js/core_fixture.py
// (`make test-js` writes it first). Expected values about the board come from here.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const path = process.env.CHESSVIZ_CORE_FIXTURE || fileURLToPath(new URL("./fixtures/core.json", import.meta.url));

function load() {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(
      `no core fixture at ${path}: run \`make test-js\` (it writes it with tests/js/core_fixture.py): ${error.message}`,
    );
  }
}

export const core = load();
export const NAMES = core.squares.map((s) => s.name);
