# syntax=docker/dockerfile:1
# One image for every role (api, projector, scheduler; ROLES picks). Not built on the machine this
# repository is developed on (no Docker there): see docs/operations.md, "What was not run here".

# The web apps are built with the dev dependencies (Vite), then only their output is kept.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node ops/ui/build.ts --force

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/ledger
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY . .
# the build stamp names the sources and the lock file it was built from: the same files are here,
# so `npm start` serves this build and never reaches for the (absent) build tools
COPY --from=build /app/ui/dist ./ui/dist
RUN mkdir -p "$DATA_DIR" && chown node:node "$DATA_DIR"
USER node
EXPOSE 3001 3002 3003 3004
CMD ["node", "ops/main.ts"]
