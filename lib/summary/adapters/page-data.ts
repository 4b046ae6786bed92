// Data a page assigns in its scripts (`var ytInitialPlayerResponse = {…};`, `window._ROUTER_DATA = {…}`):
// the object literal after `name =`, found by its balanced braces (strings and escapes respected) and read as
// JSON. Some pages write a JS literal with `undefined` where JSON has null; those are read as null. Pure.
export function assignedObject(html: string, name: string): unknown {
  const at = html.search(new RegExp(`${name.replace(/[.$]/g, "\\$&")}\\s*=\\s*\\{`));
  if (at < 0) return null;
  const start = html.indexOf("{", at);
  let depth = 0;
  let inString = false;
  for (let i = start; i < html.length; i++) {
    const ch = html[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) {
      try {
        return JSON.parse(html.slice(start, i + 1).replace(/([:,[]\s*)undefined(?=\s*[,}\]])/g, "$1null"));
      } catch {
        return null;
      }
    }
  }
  return null;
}
