# The portal as one image: `docker compose up` (compose.yaml) runs two of these behind nginx, on one
# PostgreSQL and one Redis. See README.md, "Running past one machine".

# ---- build: every dependency, then the web app's production build (apps/web/build) ----
FROM node:24-bookworm-slim AS build
WORKDIR /portal
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: the sources tsx runs, the build, production dependencies; no compilers, no dev tools ----
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /portal
COPY --from=build --chown=node:node /portal /portal
# The image's own unprivileged user: the portal never needs root.
USER node
EXPOSE 3000
# Node itself asks /healthz (no curl in a slim image); the database is part of the answer.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM goes straight to the server (not through npm), which drains requests in flight and flushes batches.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "apps/server/src/server.ts"]
