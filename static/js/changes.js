// The bodies of a tap batch (/api/taps) written as changes from another body of the same
// endpoint: [JSON pointer (RFC 6901), value] pairs. withChanges() builds the body a tap needs,
// when it is tapped, so that the page neither parses nor keeps more than the batch it was sent.

/** Return the keys of a JSON pointer: "/steps/0/value" is ["steps", "0", "value"] ("~1" is "/", "~0" is "~"). */
export function pointerKeys(pointer) {
  if (!pointer.startsWith("/")) throw new Error(`not a JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split("/")
    .map((key) => key.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** Return a copy of `base` with each [pointer, value] of `changes` set; `base` is left as it is. */
export function withChanges(base, changes) {
  const body = structuredClone(base);
  for (const [pointer, value] of changes) {
    const keys = pointerKeys(pointer);
    const last = keys.pop();
    let parent = body;
    for (const key of keys) parent = parent[key];
    if (parent === null || typeof parent !== "object" || !(last in parent))
      throw new Error(`${pointer} names nothing in the body it changes`);
    parent[last] = value;
  }
  return body;
}
