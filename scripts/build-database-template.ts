/**
 * A step of `npm run build`: the empty embedded database a new data folder starts from
 * (app/server/db/embedded-template.server.ts), so the server's first start does not run
 * PGlite's initdb and its 700 MB moment on the artist's small host (issue 29).
 */
import {
  EMBEDDED_TEMPLATE_FILE,
  writeEmbeddedTemplate,
} from "../app/server/db/embedded-template.server";

await writeEmbeddedTemplate();
console.log(`Made the empty embedded database: ${EMBEDDED_TEMPLATE_FILE}`);
