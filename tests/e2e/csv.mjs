// RFC 4180 as the app writes it (CRLF line ends), read back by the end-to-end tests.
import assert from "node:assert/strict";

/** A CSV text's rows of fields: quoted ones may hold commas, quotes (doubled) and line ends. */
export function parseCsv(text) {
  const rows = [[]];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") rows.at(-1).push(field), (field = "");
    else if (c === "\r" && text[i + 1] === "\n") rows.at(-1).push(field), (field = ""), rows.push([]), i++;
    else field += c;
  }
  assert.equal(field, "", "the file ends with a line end");
  assert.deepEqual(rows.pop(), [], "nothing after the last line end");
  return rows;
}
