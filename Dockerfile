# syntax=docker/dockerfile:1
# The production image of the site: `docker build -t turbovpn-site .` (or `docker compose build`).
# One image serves any number of instances; they share state only through PostgreSQL
# (docs/operations.md). Settings are read at start from the environment, except those that are
# baked into prerendered pages, which are build arguments here.

# --- dependencies: exactly what package-lock.json records ---
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# --- build: npm run build (next build: every page prerendered in 18 locales) ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# Written into prerendered pages (canonical URLs, sitemap, Open Graph): the public origin.
ARG SITE_URL=http://localhost:8080
ARG RECAPTCHA_SITE_KEY=
ARG LEGACY_REDIRECT_PATHS=
ARG LEGACY_REDIRECT_URL=
# The deployment's downloads manifest, a file in the build context (docs/operations.md).
ARG DOWNLOADS_MANIFEST=
ENV SITE_URL=$SITE_URL \
    RECAPTCHA_SITE_KEY=$RECAPTCHA_SITE_KEY \
    LEGACY_REDIRECT_PATHS=$LEGACY_REDIRECT_PATHS \
    LEGACY_REDIRECT_URL=$LEGACY_REDIRECT_URL \
    DOWNLOADS_MANIFEST=$DOWNLOADS_MANIFEST
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build && rm -rf data

# --- runtime: the built site, served by `npm run start:prod` as an unprivileged user ---
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
# The origin, site key and downloads manifest the pages were built with; production start-up
# requires SITE_URL and the reCAPTCHA keys (or RECAPTCHA_DISABLED=1) and checks the manifest.
ARG SITE_URL=http://localhost:8080
ARG RECAPTCHA_SITE_KEY=
ARG DOWNLOADS_MANIFEST=
ENV SITE_URL=$SITE_URL \
    RECAPTCHA_SITE_KEY=$RECAPTCHA_SITE_KEY \
    DOWNLOADS_MANIFEST=$DOWNLOADS_MANIFEST
# SKIP_BUILD=1: serve the build made above; never build inside a running container.
ENV NODE_ENV=production \
    APP_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    SKIP_BUILD=1 \
    PORT=3000
# The whole tree with its dependencies, so `npm run db:migrate` and `npm run user:create`
# work inside the container too (docs/operations.md).
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
# Liveness: the process answers. Readiness (database reachable, migrations current) is
# /readyz, which compose.yaml and the load balancer use.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "scripts/ops/start-prod.ts"]
