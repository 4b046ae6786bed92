// zod as every schema module uses it, on the server and in the browser: without its JIT, whose probe
// (`Function("")`) would trip the Content-Security-Policy, which allows no eval.
import { z } from "zod";

z.config({ jitless: true });

export { z };
