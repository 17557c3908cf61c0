# Redis 7 from Debian bookworm (the claim script needs SET NX GET: Redis 7 or newer). The
# compose file gives the command line (password, no persistence, noeviction).
ARG BASE=eventops-offline/debian:bookworm
FROM ${BASE}
RUN apt-get update -qq \
	&& apt-get install -y -qq --no-install-recommends redis-server redis-tools >/dev/null \
	&& rm -rf /var/lib/apt/lists/*
USER redis
WORKDIR /var/lib/redis
EXPOSE 6379
CMD ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no"]
