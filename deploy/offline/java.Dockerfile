# The Java base of the offline images: Debian bookworm (bash for the compose healthchecks) with
# the Temurin JDK 25 this machine has (bookworm's own Java is 17), copied in whole minus its
# sources, headers and man pages. The build context is a tar stream (deploy/offline-images.sh).
ARG BASE=eventops-offline/debian:bookworm
FROM ${BASE}
COPY jdk/ /opt/java/openjdk/
ENV JAVA_HOME=/opt/java/openjdk PATH=/opt/java/openjdk/bin:$PATH LANG=C.UTF-8 TZ=UTC
RUN java -version
