# syntax=docker/dockerfile:1
# The KiTa-Portal as a container (docs/operations.md). Not built on the project's machines (no Docker engine there):
# scripts/check-deploy.mjs lints this file and parses compose.yaml instead.
#
#   docker build -t kita-portal:0.1.0 .      # tagged by version (compose: KITA_VERSION)
#   docker run -e PUBLIC_URL=https://kita.example.org -e DATABASE_URL=postgres://… -v kita-data:/data -p 3000:3000 kita-portal

# 1. build: every dependency, then the SPA (vite) and the compiled server (esbuild) — npm run build
# Debian 13 (trixie) under every stage: its postgresql-client-17 matches compose's PostgreSQL 17 (Debian 12 has 15)
FROM node:26-trixie-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. runtime dependencies only: no tsx, vite, TypeScript or test tools in the image
FROM node:26-trixie-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. the image: node, the runtime dependencies, the built SPA (dist/) and server (build/server/: the server and the
#    backup CLI, `node build/server/backup-cli.mjs backup`), nothing else
FROM node:26-trixie-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
COPY --from=build /app/build/server ./build/server
# a font for the text of the season report's chart images (sharp's librsvg draws with the system's fonts; the slim
# image has none); pg_dump for the backup (compose's `backup` service), of the PostgreSQL server's major version 17:
# an older pg_dump refuses a newer server
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core postgresql-client-17 \
    && rm -rf /var/lib/apt/lists/*
# DATA_DIR: uploads, the TOTP key (secrets/), mails as .eml without SMTP_URL, the embedded database without
# DATABASE_URL. Created here so named volumes mounted on them belong to the unprivileged user.
RUN mkdir -p /data/uploads /data/secrets /backups && chown -R node:node /data /backups
USER node
VOLUME ["/data"]
EXPOSE 3000
# ?ready: the process serves and reaches its database. The full /api/health (mail lag, disk) is for monitoring:
# restarting the container would cure neither a stuck mail server nor a full disk.
# --start-interval: every 2 s while starting, so a deploy (deploy/compose-deploy.sh) sees a new container healthy
# within seconds of its ?ready (Docker Engine 25 or newer; older engines check every 30 s)
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --start-interval=2s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health?ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: requests in flight are answered, jobs stop, exit 0 within SHUTDOWN_TIMEOUT_SECONDS (default 20)
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "build/server/index.mjs"]
