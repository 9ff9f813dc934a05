# The site as one image: `docker build -t jazz-site .`, run with `docker run -p 3000:3000
# -v jazz-data:/data jazz-site` (embedded database) or several at once with compose.yaml
# (docs/OPERATIONS.md, "With Docker"). The start command is `npm run serve`'s, the
# one tests/e2e/two-instances.e2e.ts runs.

# node:22 on Debian 12: sharp ships prebuilt linux-x64/arm64 binaries for glibc.
ARG NODE_IMAGE=node:22-bookworm-slim

# --- 1. every dependency, for the build ---------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci

# --- 2. client and server bundles (build/), with their brotli and gzip copies ----------
FROM deps AS build
COPY . .
RUN npm run build

# --- 3. what `npm run serve` needs, production dependencies only ----------------------
FROM ${NODE_IMAGE} AS runtime

# pg_dump/pg_restore of the server's major version, for `npm run backup` and `npm run
# restore` inside the container (Debian 12's own client is 15, too old for a 16 server).
# From the PostgreSQL project's apt repository; `--build-arg PG_CLIENT_VERSION=` skips it.
ARG PG_CLIENT_VERSION=16
RUN if [ -n "$PG_CLIENT_VERSION" ]; then \
      export DEBIAN_FRONTEND=noninteractive \
      && apt-get update \
      && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
      && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
      && apt-get install -y --no-install-recommends "postgresql-client-$PG_CLIENT_VERSION" \
      && rm -rf /var/lib/apt/lists/*; \
    fi

WORKDIR /app
# DATA_DIR: the embedded database and files when there is no DATABASE_URL / S3 bucket;
# with both, only caches and temporary files (each instance may keep its own).
# MALLOC_ARENA_MAX=2: glibc's malloc keeps one arena per thread by default, and sharp's
# and the database's threads each hold freed memory in their own (issue 29, decision 026).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2

COPY package.json package-lock.json ./
# tsx stays a production dependency for the maintenance scripts below; the server itself
# runs compiled JavaScript (build/server.js, made by `npm run build`).
RUN npm ci --omit=dev && npm cache clean --force

# build/server.js runs the migrations in drizzle/ and serves build/. scripts/ holds
# `npm run backup`, `restore`, `db:migrate` and `db:seed`, which run app/server's
# TypeScript through tsx (with tsconfig.json for the ~/ alias).
COPY tsconfig.json ./
COPY app ./app
COPY drizzle ./drizzle
COPY scripts ./scripts
COPY --from=build /app/build ./build

# The code stays root's; the server (user node) writes only DATA_DIR and backups/.
RUN mkdir -p /data /app/backups && chown node:node /data /app/backups
USER node

EXPOSE 3000
# Ready = database and storage answer (503 otherwise); no curl in the slim image.
HEALTHCHECK --interval=10s --timeout=5s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# `npm run serve` without npm in between, so SIGTERM reaches the server directly. A young
# generation of 4 MB semi-spaces (V8's default is 16): garbage is collected sooner.
CMD ["node", "--max-semi-space-size=4", "build/server.js"]
