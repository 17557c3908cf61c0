package io.eventops.testsupport;

/**
 * A fresh, empty database created for one test context.
 *
 * @param jdbcUrl its JDBC URL
 * @param user the user to connect as
 * @param password the password
 */
public record TestDatabase(String jdbcUrl, String user, String password) {
}
