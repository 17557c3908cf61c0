package io.eventops.edge.kiosk;

import javax.sql.DataSource;

import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import net.javacrumbs.shedlock.spring.annotation.EnableSchedulerLock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The fleet's scheduled jobs run on one edge replica at a time: each takes a ShedLock
 * lock, a row of {@code edge.shedlock} timed by PostgreSQL's clock (so replicas' clocks
 * do not matter). A lock held by a replica that died ends at its {@code lockAtMostFor}.
 */
@Configuration(proxyBeanMethods = false)
@EnableSchedulerLock(defaultLockAtMostFor = "PT5M")
class FleetSchedulerLockConfiguration {

	@Bean
	LockProvider lockProvider(DataSource dataSource) {
		return new JdbcTemplateLockProvider(JdbcTemplateLockProvider.Configuration.builder()
			.withJdbcTemplate(new JdbcTemplate(dataSource))
			.withTableName("edge.shedlock")
			.usingDbTime()
			.build());
	}

}
