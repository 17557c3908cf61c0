package io.eventops.orchestrator.queue;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.eventops.orchestrator.config.RedisKeys;

import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.DefaultRedisScript;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * A printer's queue {@code print:q:{printerId}} and its one in-flight job
 * {@code print:inflight:{printerId}} (a list of at most one job id); both keys share the
 * printer's hash tag, so every move between them is atomic on a cluster too.
 */
@Component
public class PrintQueues {

	// LRANGE + DEL in one step, for the in-flight key (a reclaim never interleaves with
	// the dispatcher) and for the queue (a concurrent push is either drained or stays):
	// invariant 9.
	private static final RedisScript<List> TAKE_ALL = new DefaultRedisScript<>("""
			local jobs = redis.call('LRANGE', KEYS[1], 0, -1)
			redis.call('DEL', KEYS[1])
			return jobs
			""", List.class);

	private static final RedisScript<Long> CLEAR_INFLIGHT = new DefaultRedisScript<>("""
			return redis.call('LREM', KEYS[1], 0, ARGV[1])
			""", Long.class);

	// Appends each job that is neither queued nor in flight on the printer, in the given
	// order: one pass over both lists and one round trip per chunk (a script per job
	// scanned the list per job: quadratic in the backlog the sweeper runs over).
	private static final RedisScript<Long> RESTORE_QUEUED = new DefaultRedisScript<>("""
			local present = {}
			for _, id in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do present[id] = true end
			for _, id in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do present[id] = true end
			local pushed = 0
			for i = 1, #ARGV do
			  if not present[ARGV[i]] then
			    redis.call('RPUSH', KEYS[1], ARGV[i])
			    present[ARGV[i]] = true
			    pushed = pushed + 1
			  end
			end
			return pushed
			""", Long.class);

	private static final int RESTORE_CHUNK = 1000;

	// Puts a job in flight only if the printer holds none (at most one unconfirmed job).
	private static final RedisScript<Long> RESTORE_INFLIGHT = new DefaultRedisScript<>("""
			if redis.call('LPOS', KEYS[1], ARGV[1]) then return 1 end
			if redis.call('LLEN', KEYS[1]) > 0 then return 0 end
			redis.call('LREM', KEYS[2], 0, ARGV[1])
			redis.call('RPUSH', KEYS[1], ARGV[1])
			return 1
			""", Long.class);

	// LMOVE from the queue only while nothing is in flight: a dispatcher that read an
	// empty in-flight key before a stall (and lost its lease meanwhile) must not put a
	// second job in flight beside the new holder's (invariant 8).
	private static final RedisScript<String> TAKE_NEXT = new DefaultRedisScript<>("""
			if redis.call('LLEN', KEYS[2]) > 0 then return false end
			return redis.call('LMOVE', KEYS[1], KEYS[2], 'LEFT', 'RIGHT')
			""", String.class);

	// Back from flight to the head of the queue, in one step.
	private static final RedisScript<Long> PUT_BACK = new DefaultRedisScript<>("""
			if redis.call('LREM', KEYS[1], 0, ARGV[1]) == 0 then return 0 end
			redis.call('LPUSH', KEYS[2], ARGV[1])
			return 1
			""", Long.class);

	private final StringRedisTemplate redis;

	private final RedisKeys keys;

	public PrintQueues(StringRedisTemplate redis, RedisKeys keys) {
		this.redis = redis;
		this.keys = keys;
	}

	/**
	 * Appends a job to a printer's queue.
	 * @param printerId the printer
	 * @param jobId the job
	 */
	public void push(String printerId, UUID jobId) {
		this.redis.opsForList().rightPush(this.keys.queue(printerId), jobId.toString());
	}

	/**
	 * Appends jobs to a printer's queue in one command, in the given order.
	 * @param printerId the printer
	 * @param jobIds the jobs
	 */
	public void pushAll(String printerId, List<UUID> jobIds) {
		if (!jobIds.isEmpty()) {
			this.redis.opsForList()
				.rightPushAll(this.keys.queue(printerId), jobIds.stream().map(UUID::toString).toList());
		}
	}

	/**
	 * Moves the head of the queue into flight, atomically, only while no job is in flight
	 * (at most one unconfirmed job per printer, invariant 8).
	 * @param printerId the printer
	 * @return the job now in flight, null when the queue is empty or a job is in flight
	 */
	public UUID takeNext(String printerId) {
		String job = this.redis.execute(TAKE_NEXT, List.of(this.keys.queue(printerId), this.keys.inflight(printerId)));
		return (job != null) ? UUID.fromString(job) : null;
	}

	/**
	 * Puts a job taken into flight back at the head of its printer's queue (the ledger
	 * refused its claim while another job of the printer is unconfirmed).
	 * @param printerId the printer
	 * @param jobId the job
	 */
	public void putBack(String printerId, UUID jobId) {
		this.redis.execute(PUT_BACK, List.of(this.keys.inflight(printerId), this.keys.queue(printerId)),
				jobId.toString());
	}

	/**
	 * The job in flight on a printer.
	 * @param printerId the printer
	 * @return the job, null when none
	 */
	public UUID inflight(String printerId) {
		String job = this.redis.opsForList().index(this.keys.inflight(printerId), 0);
		return (job != null) ? UUID.fromString(job) : null;
	}

	/**
	 * Removes a job from flight (it is done, skipped, or belongs elsewhere); any other
	 * job in flight stays.
	 * @param printerId the printer
	 * @param jobId the job
	 */
	public void clearInflight(String printerId, UUID jobId) {
		this.redis.execute(CLEAR_INFLIGHT, List.of(this.keys.inflight(printerId)), jobId.toString());
	}

	/**
	 * Takes the in-flight job away from a printer (GET + DEL in one step).
	 * @param printerId the printer
	 * @return the job(s) that were in flight
	 */
	public List<UUID> reclaimInflight(String printerId) {
		return ids(this.redis.execute(TAKE_ALL, List.of(this.keys.inflight(printerId))));
	}

	/**
	 * Takes the whole queue away from a printer (LRANGE + DEL in one step).
	 * @param printerId the printer
	 * @return the jobs in queue order
	 */
	public List<UUID> drain(String printerId) {
		return ids(this.redis.execute(TAKE_ALL, List.of(this.keys.queue(printerId))));
	}

	/**
	 * Queue length plus the in-flight job: what a printer still holds.
	 * @param printerId the printer
	 * @return the depth
	 */
	public long depth(String printerId) {
		Long queued = this.redis.opsForList().size(this.keys.queue(printerId));
		Long inflight = this.redis.opsForList().size(this.keys.inflight(printerId));
		return ((queued != null) ? queued : 0) + ((inflight != null) ? inflight : 0);
	}

	/**
	 * Queue length without the in-flight job.
	 * @param printerId the printer
	 * @return the length
	 */
	public long queued(String printerId) {
		Long queued = this.redis.opsForList().size(this.keys.queue(printerId));
		return (queued != null) ? queued : 0;
	}

	/**
	 * Puts ledger jobs back on their printer's queue, in order, unless Redis holds them
	 * already (queued or in flight): the rebuild after Redis lost them.
	 * @param printerId their printer
	 * @param jobIds the jobs, oldest first
	 * @return how many were missing and are queued again
	 */
	public int restoreQueued(String printerId, List<UUID> jobIds) {
		int pushed = 0;
		for (int from = 0; from < jobIds.size(); from += RESTORE_CHUNK) {
			Object[] ids = jobIds.subList(from, Math.min(jobIds.size(), from + RESTORE_CHUNK))
				.stream()
				.map(UUID::toString)
				.toArray();
			Long count = this.redis.execute(RESTORE_QUEUED,
					List.of(this.keys.queue(printerId), this.keys.inflight(printerId)), ids);
			pushed += (count != null) ? count.intValue() : 0;
		}
		return pushed;
	}

	/**
	 * Puts an unconfirmed ledger job back in flight on its printer, unless another job is
	 * in flight there.
	 * @param printerId its printer
	 * @param jobId the job
	 * @return whether the job is in flight now
	 */
	public boolean restoreInflight(String printerId, UUID jobId) {
		Long placed = this.redis.execute(RESTORE_INFLIGHT,
				List.of(this.keys.inflight(printerId), this.keys.queue(printerId)), jobId.toString());
		return placed != null && placed == 1;
	}

	private static List<UUID> ids(List<?> values) {
		List<UUID> ids = new ArrayList<>();
		if (values != null) {
			for (Object value : values) {
				ids.add(UUID.fromString(value.toString()));
			}
		}
		return ids;
	}

}
