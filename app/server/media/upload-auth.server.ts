/**
 * Who is uploading. Every request to /api/uploads needs a signed-in, allow-listed user
 * (docs/decisions/013-uploads.md); the upload server takes any `Authenticate`, and by
 * default reads the Better Auth session and the allow-list.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { UPLOAD_ENDPOINT } from "~/domain/media/uploads";
import { getSessionUser } from "../auth/access.server";
import { isEmailAllowed } from "../auth/allow-list.server";
import type { Database } from "../db/database.server";

export interface Uploader {
  id: string;
  email: string;
}

export type UploadAuthentication = { user: Uploader } | { refused: 401 | 403 };

/** Who is asking. The default reads the Better Auth session and the allow-list. */
export type Authenticate = (
  req: IncomingMessage,
  res: ServerResponse,
) => Promise<UploadAuthentication>;

/** The signed-in, allow-listed user of a Node request, from the session cookie. */
export function sessionAuthentication(db: Database): Authenticate {
  return async (req, res) => {
    const headers = new Headers();
    if (typeof req.headers.cookie === "string") headers.set("cookie", req.headers.cookie);
    const renewed = new Headers();
    const user = await getSessionUser(
      new Request(`http://localhost${UPLOAD_ENDPOINT}`, { headers }),
      renewed,
    );
    // A session Better Auth just extended keeps going in the browser too.
    for (const cookie of renewed.getSetCookie()) res.appendHeader("Set-Cookie", cookie);
    if (!user) return { refused: 401 };
    if (!(await isEmailAllowed(db, user.email))) return { refused: 403 };
    return { user: { id: user.id, email: user.email } };
  };
}
