# One of the suite's runnable jars (a service's -exec.jar, the virtual printer's shaded jar) on
# the offline Java base, set up like the Jib images of docs/images.md: numeric non-root user
# 10001:10001, the same JVM flags, TZ=UTC, OCI title and version labels. The compose file's
# command (the virtual printer's flags) is appended to the entrypoint.
ARG BASE=eventops-offline/java:25
FROM ${BASE}
ARG TITLE
ARG VERSION
LABEL eventops.offline=app org.opencontainers.image.title="${TITLE}" org.opencontainers.image.version="${VERSION}"
COPY app.jar /app/app.jar
USER 10001:10001
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-XX:+ExitOnOutOfMemoryError", "-jar", "/app/app.jar"]
