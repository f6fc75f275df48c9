# Lintel's container image, in two stages: the first installs and builds the workspace and
# writes the server package (@lintel/server, apps/server) with only its production dependencies (npm run deploy); the second holds
# that folder and Node, and runs the server as the unprivileged `node` user. `node dist/main.js`
# is PID 1, so `docker stop`'s SIGTERM reaches the server itself, which drains and exits.
#   docker build -t lintel .
#   docker run -p 3000:3000 -e STORE=redis -e REDIS_URL=redis://redis:6379 \
#     -e CURSOR_SECRET=$(openssl rand -hex 32) lintel
# The image defaults to STORE=redis: it refuses to start without REDIS_URL and CURSOR_SECRET,
# rather than serve the built-in demo data and its published keys. `-e STORE=memory` tries it.
ARG NODE_VERSION=26.12.1

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN npm run -s deploy -- /out

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 STORE=redis
WORKDIR /app
COPY --from=build /out /app
USER node
EXPOSE 3000
# /readyz: 200 when the store answers, 503 while draining or when it does not.
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
