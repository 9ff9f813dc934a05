import pino from "pino";
import { getEnv } from "./env.server";
import { singleton } from "./singleton.server";

/** Structured JSON logs on stdout: one line per event, ready for any log shipper. */
export const logger = singleton("logger", () =>
  pino({
    level: getEnv().LOG_LEVEL,
    base: { service: "jazz-site" },
    redact: ["password", "*.password", "token", "*.token", "headers.cookie"],
  }),
);
