package io.eventops.testsupport;

/**
 * A PostgreSQL server that tests may create databases on.
 *
 * @param host the host
 * @param port the port
 * @param adminDatabase a database that always exists, to connect to for
 * {@code CREATE DATABASE}
 * @param user a user allowed to create databases
 * @param password its password (may be empty with trust authentication)
 * @param origin where the server came from, for the log
 */
public record PostgresServer(String host, int port, String adminDatabase, String user, String password, String origin) {

	/**
	 * The JDBC URL of a database on this server.
	 * @param database the database name
	 * @return the URL
	 */
	public String jdbcUrl(String database) {
		return "jdbc:postgresql://" + this.host + ":" + this.port + "/" + database;
	}

}
