# One image for every `bikehaat` process of docker-compose.yml: the server binary and
# the built front end, run as an unprivileged user.

# --- front end -----------------------------------------------------------------
FROM node:20-bookworm-slim AS frontend
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

# --- server --------------------------------------------------------------------
FROM rust:1-bookworm AS server
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
# Build settings (SQLite's compile-time options).
COPY .cargo ./.cargo
COPY backend ./backend
# Every workspace member must be present for cargo to read the workspace.
COPY bench/live ./bench/live
COPY bench/search ./bench/search
COPY tools/fake-stripe ./tools/fake-stripe
COPY migrations ./migrations
RUN cargo build --release -p bikehaat --locked

# --- runtime -------------------------------------------------------------------
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --user-group --home-dir /app --no-create-home bikehaat \
    && mkdir -p /app /data \
    && chown bikehaat:bikehaat /data
# The server serves ./frontend/dist relative to its working directory.
WORKDIR /app
COPY --from=server /src/target/release/bikehaat /usr/local/bin/bikehaat
COPY --from=frontend /src/frontend/dist ./frontend/dist
USER bikehaat
ENV BIKEHAAT_ADDR=0.0.0.0:8080 \
    BIKEHAAT_DATA_DIR=/data
VOLUME ["/data"]
EXPOSE 8080
ENTRYPOINT ["bikehaat"]
CMD ["serve"]
