package io.eventops.reconciler.privacy;

import java.io.OutputStream;

import org.postgresql.ds.PGSimpleDataSource;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Run in a JVM of its own with a small heap by {@link ExportTests}: exports an event as
 * JSON and CSV to nowhere, and exits 0 when both finished (an {@link OutOfMemoryError}
 * exits 3).
 */
public final class ExportHeapProbe {

	private ExportHeapProbe() {
	}

	public static void main(String[] args) throws Exception {
		PGSimpleDataSource dataSource = new PGSimpleDataSource();
		dataSource.setUrl(args[0]);
		dataSource.setUser(args[1]);
		if (args.length > 3) {
			dataSource.setPassword(args[3]);
		}
		Exports exports = new Exports(dataSource, new JdbcTemplate(dataSource));
		try {
			exports.writeJson(args[2], OutputStream.nullOutputStream());
			exports.writeCsv(args[2], OutputStream.nullOutputStream());
		}
		catch (OutOfMemoryError ex) {
			System.exit(3);
		}
		System.exit(0);
	}

}
