package io.eventops.testsupport;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TestInfrastructureTests {

	@Test
	void freshDatabasesAreEmptyAndDistinct() throws Exception {
		TestDatabase first = TestInfrastructure.freshDatabase();
		TestDatabase second = TestInfrastructure.freshDatabase();
		assertThat(first.jdbcUrl()).isNotEqualTo(second.jdbcUrl());
		try (Connection connection = DriverManager.getConnection(first.jdbcUrl(), first.user(), first.password());
				Statement statement = connection.createStatement()) {
			statement.execute("CREATE TABLE marker (id int)");
		}
		try (Connection connection = DriverManager.getConnection(second.jdbcUrl(), second.user(), second.password());
				Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT count(*) FROM pg_tables WHERE tablename = 'marker'")) {
			rows.next();
			assertThat(rows.getInt(1)).isZero();
		}
	}

	@Test
	void redisAnswersPing() {
		RedisServerEndpoint redis = TestInfrastructure.redis();
		assertThat(TestInfrastructure.redisAnswersPing(redis.host(), redis.port())).isTrue();
	}

	@Test
	void namespacesDoNotRepeat() {
		assertThat(TestInfrastructure.freshRedisNamespace()).isNotEqualTo(TestInfrastructure.freshRedisNamespace());
	}

	@Test
	void configuredUrlsAreRead() {
		PostgresServer server = PostgresSources.fromUrl("jdbc:postgresql://ci:secret@db.internal:6543/ops");
		assertThat(server.host()).isEqualTo("db.internal");
		assertThat(server.port()).isEqualTo(6543);
		assertThat(server.adminDatabase()).isEqualTo("ops");
		assertThat(server.user()).isEqualTo("ci");
		assertThat(server.password()).isEqualTo("secret");
	}

}
